/**
 * PATCH (RFC 7644 3.5.2) with scim-patch: add, replace and remove, with attribute paths and value
 * filters, applied to the resource as SCIM shows it. The dialects directories send are read
 * first: Entra ID's capitalised ops ("Replace") and booleans as strings ("False"), Okta's
 * path-less replace of an object, and attribute names in any case or with their schema's URN.
 */
import { SCIM_MAX_OPERATIONS, SCIM_SCHEMAS } from '@portiere/contracts';
import { type ScimPatchOperation, scimPatch } from 'scim-patch';
import { canonicalBody, canonicalPath, READ_ONLY_PATHS, type ResourceAttributes } from './attributes.ts';
import { invalidSyntax, ScimError } from './errors.ts';

const OPS = new Set(['add', 'replace', 'remove']);

/** A path's attribute part written canonically; its value filter (after "[") left as sent. */
function canonicalOpPath(r: ResourceAttributes, path: string): string {
  const m = /^([^[]+)(\[.*\])?(\..+)?$/.exec(path.trim());
  if (!m?.[1]) throw new ScimError(400, 'invalidPath', `The path ${path} cannot be read.`);
  const attribute = canonicalPath(r, m[1]);
  if (!attribute) throw new ScimError(400, 'invalidPath', `The attribute ${m[1]} does not exist.`);
  if (READ_ONLY_PATHS.includes(attribute)) throw new ScimError(400, 'mutability', `${attribute} is read-only.`);
  const sub = m[3] ? canonicalPath(r, `${attribute}${m[3]}`)?.slice(attribute.length) : '';
  if (sub === undefined) throw new ScimError(400, 'invalidPath', `The attribute ${path} does not exist.`);
  // scim-patch addresses the extension's attributes with the URN and a ':' as RFC 7644 writes them.
  return `${attribute}${m[2] ?? ''}${sub}`;
}

function operationsOf(r: ResourceAttributes, body: unknown): ScimPatchOperation[] {
  if (!body || typeof body !== 'object') throw invalidSyntax('A PATCH body is a PatchOp message.');
  const { schemas, Operations } = body as { schemas?: unknown; Operations?: unknown };
  if (!Array.isArray(schemas) || !schemas.includes(SCIM_SCHEMAS.patchOp)) {
    throw invalidSyntax(`A PATCH body names the schema ${SCIM_SCHEMAS.patchOp}.`);
  }
  if (!Array.isArray(Operations) || !Operations.length) throw invalidSyntax('A PATCH body has Operations.');
  if (Operations.length > SCIM_MAX_OPERATIONS) {
    throw new ScimError(400, 'tooMany', `At most ${SCIM_MAX_OPERATIONS} operations per request.`);
  }
  return Operations.map((o: unknown) => {
    const { op, path, value } = (o ?? {}) as { op?: unknown; path?: unknown; value?: unknown };
    const name = typeof op === 'string' ? op.toLowerCase() : '';
    if (!OPS.has(name)) throw invalidSyntax(`Unknown operation ${JSON.stringify(op)}.`);
    if (path !== undefined && typeof path !== 'string') throw new ScimError(400, 'invalidPath', 'A path is a string.');
    if (name !== 'remove' && value === undefined) throw new ScimError(400, 'invalidValue', `An ${name} has a value.`);
    // Without a path the target is the resource itself (RFC 7644 3.5.2.1, 3.5.2.3): the value is its attributes.
    if (name !== 'remove' && !path && (!value || typeof value !== 'object' || Array.isArray(value))) {
      throw new ScimError(400, 'invalidValue', `An ${name} without a path has an object of attributes as its value.`);
    }
    const canonicalValue =
      value && typeof value === 'object' && !Array.isArray(value) && path === undefined
        ? canonicalBody(r, value as Record<string, unknown>)
        : value;
    return {
      op: name,
      ...(path ? { path: canonicalOpPath(r, path) } : {}),
      ...(value !== undefined ? { value: canonicalValue } : {}),
    } as ScimPatchOperation;
  });
}

/** The resource with the body's operations applied; 400 with scim-patch's scimType when they do not apply. */
export function applyPatch<T extends object>(
  r: ResourceAttributes,
  resource: T,
  body: unknown,
): T & Record<string, unknown> {
  const operations = operationsOf(r, body);
  try {
    return scimPatch(structuredClone(resource) as never, operations, { treatMissingAsAdd: true }) as T &
      Record<string, unknown>;
  } catch (e) {
    const scimCode = (e as { scimCode?: string }).scimCode;
    const type = scimCode === 'noTarget' || scimCode === 'invalidPath' ? scimCode : 'invalidValue';
    throw new ScimError(400, type, e instanceof Error && e.message ? e.message : 'The operation does not apply.');
  }
}
