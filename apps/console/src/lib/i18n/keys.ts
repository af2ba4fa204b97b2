import type { ParseKeys } from 'i18next';
import type { Phrases } from '../../locales/en';

/**
 * The English phrases are the type of every translation: `t('members.sarch')` or a key missing
 * from en/ fails the type-check. Other languages must match en/ (locales/it/index.ts).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Phrases };
    returnNull: false;
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}

/** A translation key (dotted path into the English phrases). */
export type TranslationKey = ParseKeys;
