/**
 * SCIM filters (RFC 7644 3.4.2.2) to SQL: scim2-parse-filter reads the expression (no grammar of
 * our own); each attribute path a resource supports names a column expression and its kind, and
 * the operators become SQL on it, so a filter runs in the database, on its indexes (userName and
 * externalId eq answer from unique indexes), never over rows read into memory.
 */

import { type SQL, sql } from 'drizzle-orm';
import { type Filter, parse } from 'scim2-parse-filter';
import { canonicalPath, type ResourceAttributes } from './attributes.ts';
import { invalidFilter } from './errors.ts';

/**
 * How an attribute is compared: text case-insensitively (caseExact false) or exactly, a boolean,
 * a time, or a value every stored entry has (an e-mail's type is always "work").
 */
export type FilterColumn =
  | { kind: 'text' | 'exactText' | 'boolean' | 'time'; sql: SQL; present?: SQL }
  | { kind: 'constant'; value: string | boolean; present: SQL }
  /** A multi-valued string attribute held as a text[] expression (schemas): eq and ne on any of its values. */
  | { kind: 'set'; sql: SQL };

export interface FilterTarget {
  attributes: ResourceAttributes;
  /** The column of a canonical path ("emails.value"), or undefined where filtering on it is not supported. */
  column(path: string): FilterColumn | undefined;
}

const LIKE_ESCAPE = /[\\%_]/g;
const like = (v: string) => v.replace(LIKE_ESCAPE, (c) => `\\${c}`);

function compare(column: FilterColumn, op: string, value: unknown, path: string): SQL {
  if (op === 'pr') {
    if (column.kind === 'constant') return column.present;
    return column.kind === 'set' ? sql`true` : (column.present ?? sql`${column.sql} is not null`);
  }
  if (column.kind === 'constant') {
    const matches =
      op === 'eq'
        ? String(value).toLowerCase() === String(column.value).toLowerCase()
        : op === 'ne'
          ? String(value).toLowerCase() !== String(column.value).toLowerCase()
          : undefined;
    if (matches === undefined) throw invalidFilter(`The operator ${op} does not apply to ${path}.`);
    return matches ? column.present : sql`false`;
  }
  if (column.kind === 'set') {
    if (typeof value !== 'string' || (op !== 'eq' && op !== 'ne')) {
      throw invalidFilter(`${path} is compared with eq or ne and a string.`);
    }
    const any = sql`lower(${value}) = any(select lower(v) from unnest(${column.sql}) v)`;
    return op === 'eq' ? any : sql`not (${any})`;
  }
  if (column.kind === 'boolean') {
    if (typeof value !== 'boolean' || (op !== 'eq' && op !== 'ne')) {
      throw invalidFilter(`${path} is compared with eq or ne and true or false.`);
    }
    return op === 'eq' ? sql`${column.sql} = ${value}` : sql`${column.sql} <> ${value}`;
  }
  if (column.kind === 'time') {
    const at = typeof value === 'string' ? new Date(value) : null;
    if (!at || Number.isNaN(at.getTime())) throw invalidFilter(`${path} is compared with a date and time.`);
    const ops: Record<string, SQL> = {
      eq: sql`=`,
      ne: sql`<>`,
      gt: sql`>`,
      ge: sql`>=`,
      lt: sql`<`,
      le: sql`<=`,
    };
    const o = ops[op];
    if (!o) throw invalidFilter(`The operator ${op} does not apply to ${path}.`);
    return sql`${column.sql} ${o} ${at.toISOString()}::timestamptz`;
  }
  if (typeof value !== 'string') throw invalidFilter(`${path} is compared with a string.`);
  // Text: case-insensitive unless the attribute is caseExact; lower() on both sides matches the
  // lower(username) index, so userName eq reads one index entry.
  const ci = column.kind === 'text';
  const col = ci ? sql`lower(${column.sql})` : column.sql;
  const v = ci ? value.toLowerCase() : value;
  switch (op) {
    case 'eq':
      return sql`${col} = ${v}`;
    case 'ne':
      return sql`${col} is distinct from ${v}`;
    case 'co':
      return sql`${col} like ${`%${like(v)}%`}`;
    case 'sw':
      return sql`${col} like ${`${like(v)}%`}`;
    case 'ew':
      return sql`${col} like ${`%${like(v)}`}`;
    case 'gt':
      return sql`${col} > ${v}`;
    case 'ge':
      return sql`${col} >= ${v}`;
    case 'lt':
      return sql`${col} < ${v}`;
    case 'le':
      return sql`${col} <= ${v}`;
    default:
      throw invalidFilter(`Unknown operator ${op}.`);
  }
}

function columnOf(target: FilterTarget, path: string): [FilterColumn, string] {
  const canonical = canonicalPath(target.attributes, path);
  const column = canonical ? target.column(canonical) : undefined;
  if (!canonical || !column) throw invalidFilter(`Filtering on ${path} is not supported.`);
  return [column, canonical];
}

function toSql(target: FilterTarget, f: Filter, parent = ''): SQL {
  switch (f.op) {
    case 'and':
      return sql`(${sql.join(
        f.filters.map((x) => toSql(target, x, parent)),
        sql` and `,
      )})`;
    case 'or':
      return sql`(${sql.join(
        f.filters.map((x) => toSql(target, x, parent)),
        sql` or `,
      )})`;
    case 'not':
      return sql`not coalesce(${toSql(target, f.filter, parent)}, false)`;
    case '[]': {
      // emails[type eq "work"]: the sub-filter on the attribute's own sub-attributes.
      if (parent) throw invalidFilter('A value filter cannot hold another.');
      const [, canonical] = columnOf(target, f.attrPath);
      return toSql(target, f.valFilter, `${canonical}.`);
    }
    default: {
      const [column, canonical] = columnOf(target, `${parent}${f.attrPath}`);
      const value = 'compValue' in f ? f.compValue : undefined;
      // Bare, so that an index on the column can answer it (a NULL is no match in a WHERE; "not"
      // above turns it into false first).
      return compare(column, f.op, value, canonical);
    }
  }
}

/** The SQL condition of a filter expression; 400 invalidFilter for what cannot be read or run. */
export function filterSql(target: FilterTarget, expression: string): SQL {
  let parsed: Filter;
  try {
    parsed = parse(expression);
  } catch {
    throw invalidFilter(`The filter ${JSON.stringify(expression.slice(0, 200))} cannot be read.`);
  }
  return toSql(target, parsed);
}
