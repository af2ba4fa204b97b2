/**
 * A list request's window and order (RFC 7644 3.4.2.3, 3.4.2.4), the same for Users and Groups:
 * startIndex from 1, count cut to SCIM_MAX_RESULTS, sortBy one of the resource's sortable
 * attributes (creation time when none), and the ListResponse around a page.
 */
import { SCIM_MAX_RESULTS, SCIM_SCHEMAS, type ScimListResponse } from '@portiere/contracts';
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceAttributes } from './attributes.ts';
import { invalidValue } from './errors.ts';

/** A list request's parameters (query string or POST .search body). */
export interface ScimListQuery {
  filter?: string | undefined;
  startIndex?: number | undefined;
  count?: number | undefined;
  sortBy?: string | undefined;
  sortOrder?: string | undefined;
}

export function listWindow(q: ScimListQuery, attributes: ResourceAttributes, sorts: Record<string, PgColumn | SQL>) {
  const sortPath = q.sortBy ? attributes.paths.get(q.sortBy.toLowerCase()) : 'meta.created';
  const sortKey = sortPath ? sorts[sortPath] : undefined;
  if (!sortKey) throw invalidValue(`Sorting by ${q.sortBy} is not supported.`);
  return {
    startIndex: Math.max(1, q.startIndex ?? 1),
    pageSize: Math.min(Math.max(0, q.count ?? SCIM_MAX_RESULTS), SCIM_MAX_RESULTS),
    sortKey,
    direction: q.sortOrder?.toLowerCase() === 'descending' ? desc : asc,
  };
}

export function listResponse<T>(totalResults: number, startIndex: number, resources: T[]): ScimListResponse<T> {
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
