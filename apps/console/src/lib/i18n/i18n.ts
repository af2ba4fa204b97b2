import { FALLBACK_LOCALE, LOCALES, type Locale } from '@portiere/contracts';
import i18next from 'i18next';
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

/**
 * The start-up language: an explicit choice (switchLanguage) wins over the browser's first
 * language; anything unsupported is English. Read here rather than by i18next's detector, which
 * writes to localStorage to test it, a synchronous round trip to the browser before the first
 * paint (issue 35).
 */
export function startLanguage(): Locale {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage refused (privacy settings): the browser's language.
  }
  return toLocale(chosen ?? navigator.languages?.[0] ?? navigator.language);
}

i18n.use(initReactI18next).init({
  lng: startLanguage(),
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: signInPhrases[l] }])),
  // Every language has every key (locales/it is typed DeepStrings<Phrases>), so there is
  // nothing to fall back to; FALLBACK_LOCALE is where an unsupported browser language lands.
  fallbackLng: false,
  supportedLngs: [...LOCALES],
  // The contract's messages use {param}; one placeholder syntax for both.
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
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
