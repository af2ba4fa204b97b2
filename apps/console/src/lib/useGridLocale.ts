import type { GridLocaleText } from '@mui/x-data-grid';
import { itIT } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';

/** An estimated count as a person reads one: three significant digits (237,283 is "237,000"). */
export const aboutCount = (count: number, language: string) =>
  new Intl.NumberFormat(language, { maximumSignificantDigits: 3 }).format(count);

/**
 * The DataGrid's own texts in the user's language, with our empty-state label; with
 * `countEstimated`, the pagination says the count is an estimate ("1–25 of about 237,000").
 */
export function useGridLocale(noRowsLabel: string, countEstimated = false): Partial<GridLocaleText> {
  const { t, i18n } = useTranslation();
  const base = i18n.language.startsWith('it') ? itIT.components.MuiDataGrid.defaultProps.localeText : {};
  const text: Partial<GridLocaleText> = { ...base, noRowsLabel, noResultsOverlayLabel: noRowsLabel };
  if (countEstimated) {
    const n = new Intl.NumberFormat(i18n.language);
    text.paginationDisplayedRows = ({ from, to, count }) =>
      t('common.rowsOfAbout', { from: n.format(from), to: n.format(to), count: aboutCount(count, i18n.language) });
  }
  return text;
}
