/**
 * `attributes` and `excludedAttributes` (RFC 7644 3.9, 3.4.2.5): a resource cut to the attributes
 * asked for, or without those excluded; `id` and `schemas` are always returned.
 */
import { canonicalPath, type ResourceAttributes } from './attributes.ts';
import { invalidValue } from './errors.ts';

const ALWAYS = new Set(['id', 'schemas']);

function pathsOf(r: ResourceAttributes, list: string | undefined): string[][] {
  if (!list) return [];
  return list
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const canonical = canonicalPath(r, p);
      if (!canonical) throw invalidValue(`The attribute ${p} does not exist.`);
      // "urn:…:User:department" is the extension object's "department"; "name.givenName" two steps.
      return r.extension && canonical.startsWith(`${r.extension}:`)
        ? [r.extension, canonical.slice(r.extension.length + 1)]
        : canonical.split('.');
    });
}

export interface Projection {
  attributes?: string | undefined;
  excludedAttributes?: string | undefined;
}

/** A function that cuts each resource as asked; checks the names once, before any resource is read. */
export function projection(r: ResourceAttributes, p: Projection): <T extends object>(resource: T) => T {
  const keep = pathsOf(r, p.attributes);
  const drop = pathsOf(r, p.excludedAttributes);
  return <T extends object>(resource: T): T => {
    const source = resource as Record<string, unknown>;
    let out: Record<string, unknown> = { ...source };
    if (keep.length) {
      out = {};
      for (const key of ALWAYS) if (key in source) out[key] = source[key];
      for (const [top, sub] of keep) {
        if (!top || !(top in source)) continue;
        const value = source[top];
        if (!sub || !value || typeof value !== 'object' || Array.isArray(value)) {
          out[top] = value;
          continue;
        }
        const kept = (out[top] ?? {}) as Record<string, unknown>;
        if (sub in (value as Record<string, unknown>)) kept[sub] = (value as Record<string, unknown>)[sub];
        out[top] = kept;
      }
    }
    for (const [top, sub] of drop) {
      if (!top || ALWAYS.has(top) || !(top in out)) continue;
      if (!sub) {
        delete out[top];
        continue;
      }
      const value = out[top];
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const { [sub]: _, ...rest } = value as Record<string, unknown>;
        out[top] = rest;
      }
    }
    return out as T;
  };
}
