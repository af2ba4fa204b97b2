import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { itIT } from '@mui/x-date-pickers/locales';
import type { Locale } from '@portiere/contracts';
import 'dayjs/locale/it';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../lib/i18n/i18n';

/**
 * Per console language: the dayjs locale that orders the pickers' fields like the tables' dates
 * (toLocaleDateString: it 23/11/2026, en the en-US 11/23/2026 of the spec's default locale) and
 * the pickers' own texts. Follows a language switch.
 */
const PICKERS: Record<
  Locale,
  { adapterLocale: string; localeText?: typeof itIT.components.MuiLocalizationProvider.defaultProps.localeText }
> = {
  en: { adapterLocale: 'en' },
  it: { adapterLocale: 'it', localeText: itIT.components.MuiLocalizationProvider.defaultProps.localeText },
};

export function DatePickersLocalization({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { adapterLocale, localeText } = PICKERS[toLocale(i18n.resolvedLanguage ?? i18n.language)];
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={adapterLocale} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
