/**
 * ETags and version checks (RFC 7644 3.14): a write with If-Match goes ahead only while the
 * resource is still the version the directory read (else 412 and nothing changes); a read with
 * If-None-Match of the current version answers 304.
 */
import { ScimError } from './errors.ts';

/** The entity tags of an If-Match or If-None-Match header ("*" matches any). */
function tags(header: string): string[] {
  return header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

export function matches(resource: { meta: { version: string } }, header: string): boolean {
  const list = tags(header);
  // Weak comparison (RFC 9110 8.8.3.2): W/ does not matter for which version it names.
  const strip = (t: string) => t.replace(/^W\//, '');
  return list.includes('*') || list.some((t) => strip(t) === strip(resource.meta.version));
}

export function checkVersion(resource: { meta: { version: string } }, ifMatch: string | undefined): void {
  if (ifMatch !== undefined && !matches(resource, ifMatch)) {
    throw new ScimError(412, undefined, 'The resource changed since this version was read (If-Match).');
  }
}
