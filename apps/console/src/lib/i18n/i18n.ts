import { FALLBACK_LOCALE, LOCALES, type Locale } from '@portiere/contracts';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { signInPhrases } from '../../locales/signIn';

export const LANGUAGE_STORAGE_KEY = 'portiere-language';

/** 'it-IT' -> 'it'; anything unsupported -> English. */
export function toLocale(language: string | null | undefined): Locale {
  const prefix = (language ?? '').toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(prefix) ? (prefix as Locale) : FALLBACK_LOCALE;
}

/**
 * Every phrase of a language is a chunk of its own: the sign-in page paints with the phrases it
 * needs (locales/signIn.ts, in the first chunk) and fetches no language; the first other page
 * fetches its language's (issue 35).
 */
const ALL_PHRASES: Record<Locale, () => Promise<object>> = {
  en: () => import('../../locales/en').then((m) => m.en),
  it: () => import('../../locales/it').then((m) => m.it),
};
const loads = new Map<Locale, Promise<void>>();

/** Adds every phrase of `locale` (once). */
export function loadPhrases(locale: Locale): Promise<void> {
  let load = loads.get(locale);
  if (!load) {
    load = ALL_PHRASES[locale]().then((phrases) => {
      i18n.addResourceBundle(locale, 'translation', phrases, true, true);
    });
    loads.set(locale, load);
  }
  return load;
}

/** Whether pages past sign-in are in use: a switch of language then fetches all of the new one first. */
let allWanted = false;

/** Every phrase of the current language, for the pages past sign-in: awaited before they render. */
export function allPhrases(): Promise<void> {
  allWanted = true;
  return loadPhrases(currentLocale());
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
    resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: signInPhrases[l] }])),
    // Every language has every key (locales/it is typed DeepStrings<Phrases>), so there is
    // nothing to fall back to; FALLBACK_LOCALE is where an unsupported browser language lands.
    fallbackLng: false,
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
  if (allWanted) await loadPhrases(locale);
  await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}
