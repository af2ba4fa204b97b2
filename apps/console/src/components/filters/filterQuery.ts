import type { FilterDefinition, FilterDefinitionOf, FilterValue, FilterValues, LeafFilter } from './filterTypes';

/** The leaf filters of the definitions, groups opened up, in drawer order. */
export function leafFilters(definitions: readonly FilterDefinition[]): LeafFilter[] {
  return definitions.flatMap((d) => (d.type === 'group' ? d.children : [d]));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const offered = (options: { value: string }[] | undefined, v: string) => !options || options.some((o) => o.value === v);

/** A query parameter's value as a filter gives it (the client writes it on the wire). */
type Param = boolean | string | string[];

/** One applied value as its query parameter by the filter's type; undefined filters nothing. */
function paramOf(filter: LeafFilter, value: FilterValue | undefined): Param | undefined {
  switch (filter.type) {
    case 'boolean':
      return value === true ? true : undefined;
    case 'triMode':
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'date':
      return typeof value === 'string' && DAY.test(value) ? value : undefined;
    case 'search':
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    case 'select':
      return typeof value === 'string' && value && offered(filter.options, value) ? value : undefined;
    case 'multiSearch': {
      const list = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
      const picked = [...new Set(list.map((v) => v.trim()).filter((v) => v && offered(filter.options, v)))];
      return picked.length ? picked : undefined;
    }
  }
}

/**
 * The applied drawer values as the query of the list the filters are typed by, each filter's
 * key being the parameter's name: a ticked boolean true, a triMode true or false, a day as
 * YYYY-MM-DD, a search trimmed, a select's value (one it offers), a multiSearch's values as a
 * list (the client sends it comma-separated, as the document says).
 */
export function filterQuery<Q>(definitions: readonly FilterDefinitionOf<Q>[], applied: FilterValues): Partial<Q> {
  const query: Record<string, Param> = {};
  for (const filter of leafFilters(definitions as readonly FilterDefinition[])) {
    const param = paramOf(filter, applied[filter.key]);
    if (param !== undefined) query[filter.key] = param;
  }
  // Each key is a parameter of Q taking what its filter gives (FilterDefinitionOf).
  return query as Partial<Q>;
}
