import type { TranslationKey } from '../../lib/i18n/keys';

/** Filter definitions a page registers; labels are translation keys. */
interface BaseFilter {
  key: string;
  label: TranslationKey;
}
export interface BooleanFilter extends BaseFilter {
  type: 'boolean';
}
/** true, false or unset; `secondLabel` names the false choice (e.g. Enrolled / Not enrolled). */
export interface TriModeFilter extends BaseFilter {
  type: 'triMode';
  secondLabel: TranslationKey;
}
export interface DateFilter extends BaseFilter {
  type: 'date';
}
export interface SearchFilter extends BaseFilter {
  type: 'search';
}
/** A choice the user picks by its label; the applied values hold `value` (an id or code), never the label. */
export interface FilterOption<V extends string = string> {
  value: V;
  label: string;
}
/** Several values: picked from `options` when given (values stay ids across languages), else typed freely. */
export interface MultiSearchFilter extends BaseFilter {
  type: 'multiSearch';
  options?: FilterOption[];
}
/** One value (or none) picked from `options`: for a server filter that takes a single code. */
export interface SelectFilter extends BaseFilter {
  type: 'select';
  options: FilterOption[];
}
export interface GroupFilter extends BaseFilter {
  type: 'group';
  children: LeafFilter[];
}
export type LeafFilter = BooleanFilter | TriModeFilter | DateFilter | SearchFilter | MultiSearchFilter | SelectFilter;
export type FilterDefinition = LeafFilter | GroupFilter;

/**
 * boolean: true or unset (false); triMode: 'true' | 'false' | unset; date: YYYY-MM-DD;
 * search: text; select: one option value; multiSearch: list of texts; unset: null.
 */
export type FilterValue = boolean | string | string[] | null;
export type FilterValues = Record<string, FilterValue>;

/*
 * Filters typed by the query of the list they filter (`Q`, e.g. QueryOf<'/api/v1/groups/'>):
 * each filter's key is a parameter of Q that takes what the filter gives, so filterQuery's
 * answer is checked against the route. A yes/no filter sets a boolean parameter, a day or a
 * search a text one, a select one of the parameter's codes, a multiSearch a list.
 */
type ParamsTaking<Q, V> = { [K in keyof Q]-?: [V] extends [NonNullable<Q[K]>] ? K : never }[keyof Q] & string;
type TextParams<Q> = { [K in keyof Q]-?: NonNullable<Q[K]> extends string ? K : never }[keyof Q] & string;
type ListParams<Q> = { [K in keyof Q]-?: NonNullable<Q[K]> extends readonly string[] ? K : never }[keyof Q] & string;
type ItemOf<L> = L extends readonly (infer I extends string)[] ? I : never;

type SelectFilterOf<Q> = {
  [K in TextParams<Q>]: Omit<SelectFilter, 'key' | 'options'> & {
    key: K;
    options: FilterOption<Extract<NonNullable<Q[K]>, string>>[];
  };
}[TextParams<Q>];
type MultiSearchFilterOf<Q> = {
  [K in ListParams<Q>]: Omit<MultiSearchFilter, 'key' | 'options'> & {
    key: K;
    options?: FilterOption<ItemOf<NonNullable<Q[K]>>>[];
  };
}[ListParams<Q>];

/** A leaf filter of a list whose query is Q. */
export type LeafFilterOf<Q> =
  | ((BooleanFilter | TriModeFilter) & { key: ParamsTaking<Q, boolean> })
  | ((DateFilter | SearchFilter) & { key: ParamsTaking<Q, string> })
  | SelectFilterOf<Q>
  | MultiSearchFilterOf<Q>;
/** A filter (or a group of them) of a list whose query is Q. */
export type FilterDefinitionOf<Q> = LeafFilterOf<Q> | (Omit<GroupFilter, 'children'> & { children: LeafFilterOf<Q>[] });
