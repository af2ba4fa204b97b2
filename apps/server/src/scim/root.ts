/**
 * A query at the server root (RFC 7644 3.4.2.1, and POST /.search in 3.4.3): Users and Groups
 * together, one window over both, Users first. A filter is required there. A resource type that
 * lacks an attribute the filter names has nothing that matches, so it adds none; a filter neither
 * type can read is refused as for either. sortBy orders the types that have the attribute.
 */
import { SCIM_MAX_RESULTS, type ScimListResponse } from '@portiere/contracts';
import { canonicalPath, GROUP_ATTRIBUTES, type ResourceAttributes, USER_ATTRIBUTES } from './attributes.ts';
import { invalidFilter, invalidValue, ScimError } from './errors.ts';
import { listResponse, type ScimListQuery } from './list.ts';
import { type Projection, projection } from './projection.ts';

/** The names of `list` that the resource type has (the others are another type's). */
function namedBy(r: ResourceAttributes, list: string | undefined): string | undefined {
  if (!list) return list;
  const names = list.split(',').filter((n) => canonicalPath(r, n.trim()));
  // Asked only for another type's attributes: this type shows what it always shows.
  return names.length ? names.join(',') : 'id';
}
/** The query as a resource type reads it: sortBy only when the type has it (else its own order). */
const queryFor = (r: ResourceAttributes, q: ScimListQuery, window: { startIndex: number; count: number }) => ({
  ...q,
  ...window,
  sortBy: q.sortBy && canonicalPath(r, q.sortBy) ? q.sortBy : undefined,
});

type Lister = (q: ScimListQuery) => Promise<ScimListResponse<object>>;

/** The type's page, or an empty one when its attributes cannot read the query. */
async function pageOf(list: Lister, q: ScimListQuery): Promise<ScimListResponse<object> | ScimError> {
  try {
    return await list(q);
  } catch (e) {
    if (e instanceof ScimError && e.status === 400) return e;
    throw e;
  }
}

export async function rootSearch(
  q: ScimListQuery & Projection,
  users: Lister,
  groups: Lister,
): Promise<ScimListResponse<object>> {
  if (!q.filter) throw invalidFilter('A query at the root has a filter.');
  const startIndex = Math.max(1, q.startIndex ?? 1);
  const count = Math.min(Math.max(0, q.count ?? SCIM_MAX_RESULTS), SCIM_MAX_RESULTS);
  const cut = (attributes: ResourceAttributes, page: ScimListResponse<object> | ScimError) =>
    page instanceof ScimError
      ? []
      : page.Resources.map(
          projection(attributes, {
            attributes: namedBy(attributes, q.attributes),
            excludedAttributes: namedBy(attributes, q.excludedAttributes),
          }),
        );
  for (const name of [q.attributes, q.excludedAttributes].flatMap((l) => l?.split(',') ?? [])) {
    if (name.trim() && !canonicalPath(USER_ATTRIBUTES, name.trim()) && !canonicalPath(GROUP_ATTRIBUTES, name.trim()))
      throw invalidValue(`The attribute ${name.trim()} does not exist.`);
  }

  const u = await pageOf(users, queryFor(USER_ATTRIBUTES, q, { startIndex, count }));
  const userTotal = u instanceof ScimError ? 0 : u.totalResults;
  const userRows = cut(USER_ATTRIBUTES, u);
  // The groups' part of the window starts where the users end.
  const g = await pageOf(
    groups,
    queryFor(GROUP_ATTRIBUTES, q, {
      startIndex: Math.max(1, startIndex - userTotal),
      count: startIndex + userRows.length > userTotal ? count - userRows.length : 0,
    }),
  );
  if (u instanceof ScimError && g instanceof ScimError) throw u;
  const groupTotal = g instanceof ScimError ? 0 : g.totalResults;
  return listResponse(userTotal + groupTotal, startIndex, [...userRows, ...cut(GROUP_ATTRIBUTES, g)]);
}
