import { FALLBACK_LOCALE, LOCALES, type Locale } from '@portiere/contracts';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from '../../locales/en';
import { it } from '../../locales/it';

export const LANGUAGE_STORAGE_KEY = 'portiere-language';

export const resources = { en: { translation: en }, it: { translation: it } } as const;

/** 'it-IT' -> 'it'; anything unsupported -> English. */
export function toLocale(language: string | null | undefined): Locale {
  const prefix = (language ?? '').toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(prefix) ? (prefix as Locale) : FALLBACK_LOCALE;
}

export const i18n = i18next.createInstance();

// The page's language follows the console's (WCAG 3.1.1): screen readers and the browser's
// spelling and hyphenation read Italian as Italian. Set as the language is chosen at start (the
// init below fires it) and at every switch.
i18n.on('languageChanged', (language: string) => {
  document.documentElement.lang = toLocale(language);
});

i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    // The contract's messages use {param}; one placeholder syntax for both.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    detection: {
      // An explicit choice (localStorage) wins over the browser language.
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: [],
      convertDetectedLanguage: (lng: string) => toLocale(lng),
    },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });

/** Switches the language and remembers the choice. */
export async function switchLanguage(locale: Locale): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}
