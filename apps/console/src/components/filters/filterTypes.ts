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
export interface FilterOption {
  value: string;
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
