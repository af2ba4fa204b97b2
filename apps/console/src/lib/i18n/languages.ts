import { LOCALES, type Locale } from '@portiere/contracts';

/**
 * Every language the console names (spec 1): English and Italian are its translations;
 * Spanish and German "appear as language names only", so they are listed by their own names
 * but cannot be chosen, and the console stays in English or Italian. French is named where the
 * customer settings' language list (members' pages and mails) offers it.
 */
export const NAMED_LANGUAGES = ['en', 'it', 'es', 'de'] as const;
export type NamedLanguage = (typeof NAMED_LANGUAGES)[number];

/** A language the console is translated into (and may switch to). */
export const isTranslated = (language: NamedLanguage): language is Locale =>
  (LOCALES as readonly string[]).includes(language);
