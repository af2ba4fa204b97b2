import { itIT } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';

/** The DataGrid's own texts in the user's language, with our empty-state label. */
export function useGridLocale(noRowsLabel: string) {
  const { i18n } = useTranslation();
  const base = i18n.language.startsWith('it') ? itIT.components.MuiDataGrid.defaultProps.localeText : {};
  return { ...base, noRowsLabel, noResultsOverlayLabel: noRowsLabel };
}
