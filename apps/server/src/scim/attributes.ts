/**
 * SCIM attribute names are case-insensitive (RFC 7643 2.1) and may be written with their
 * schema's URN in front ("urn:…:core:2.0:User:userName"): requests are read with the canonical
 * names of contracts/scim.ts, so the rest of the code meets one spelling.
 */
import {
  SCIM_COMMON_ATTRIBUTES,
  SCIM_ENTERPRISE_ATTRIBUTES,
  SCIM_GROUP_ATTRIBUTES,
  SCIM_SCHEMAS,
  SCIM_USER_ATTRIBUTES,
  type ScimAttribute,
} from '@portiere/contracts';

/** schemas and meta's paths (read-only, never written): only their spelling is needed here. */
export const READ_ONLY_PATHS = [
  'schemas',
  'meta',
  ...['resourceType', 'created', 'lastModified', 'location', 'version'].map((n) => `meta.${n}`),
];

export interface ResourceAttributes {
  core: string;
  extension?: string;
  /** lower-case path -> canonical path, for every attribute and sub-attribute. */
  paths: Map<string, string>;
}

function pathsOf(attributes: ScimAttribute[], prefix = '', into = new Map<string, string>()) {
  for (const a of attributes) {
    const path = prefix ? `${prefix}.${a.name}` : a.name;
    into.set(path.toLowerCase(), path);
    if (a.subAttributes) pathsOf(a.subAttributes, path, into);
  }
  return into;
}

function resource(core: string, attributes: ScimAttribute[], extension?: [string, ScimAttribute[]]) {
  const paths = pathsOf([...SCIM_COMMON_ATTRIBUTES, ...attributes]);
  for (const path of READ_ONLY_PATHS) paths.set(path.toLowerCase(), path);
  if (extension) {
    const [urn, ext] = extension;
    paths.set(urn.toLowerCase(), urn);
    for (const [lower, path] of pathsOf(ext)) paths.set(`${urn.toLowerCase()}:${lower}`, `${urn}:${path}`);
  }
  return { core, extension: extension?.[0], paths };
}

export const USER_ATTRIBUTES: ResourceAttributes = resource(SCIM_SCHEMAS.user, SCIM_USER_ATTRIBUTES, [
  SCIM_SCHEMAS.enterpriseUser,
  SCIM_ENTERPRISE_ATTRIBUTES,
]);
export const GROUP_ATTRIBUTES: ResourceAttributes = resource(SCIM_SCHEMAS.group, SCIM_GROUP_ATTRIBUTES);

/**
 * The canonical spelling of an attribute path ("name.givenName",
 * "urn:…:enterprise:2.0:User:department"), or undefined for one the resource does not have.
 */
export function canonicalPath(r: ResourceAttributes, path: string): string | undefined {
  let lower = path.toLowerCase();
  const core = `${r.core.toLowerCase()}:`;
  if (lower.startsWith(core)) lower = lower.slice(core.length);
  return r.paths.get(lower);
}

/** A request body with its attribute names spelled canonically; names the resource lacks stay as sent. */
export function canonicalBody(r: ResourceAttributes, body: Record<string, unknown>): Record<string, unknown> {
  /** `parent` is the path a child's name is joined to, with its separator: "name." or "urn:…:User:". */
  const rename = (value: unknown, parent: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => rename(v, parent));
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const canonical = canonicalPath(r, `${parent}${key}`);
      if (!canonical) {
        out[key] = v;
      } else if (canonical === r.extension) {
        // The extension's object is keyed by its URN; its attributes are joined with ':'.
        out[canonical] = rename(v, `${canonical}:`);
      } else {
        out[canonical.slice(parent.length)] = rename(v, `${canonical}.`);
      }
    }
    return out;
  };
  return rename(body, '') as Record<string, unknown>;
}
