import type { Locale } from '@portiere/contracts';
import type { Phrases } from './en';
import { auth as enAuth } from './en/auth';
import { common as enCommon } from './en/common';
import { error as enError, info as enInfo, success as enSuccess } from './en/feedback';
import { routes as enRoutes } from './en/routes';
import { validation as enValidation } from './en/validation';
import { auth as itAuth } from './it/auth';
import { common as itCommon } from './it/common';
import { error as itError, info as itInfo, success as itSuccess } from './it/feedback';
import { routes as itRoutes } from './it/routes';
import { validation as itValidation } from './it/validation';

/**
 * The phrases of the sign-in page and of the shell around every page (document title, loading,
 * the messages of a failed call), in each language: they come with the first chunk, so the
 * sign-in page paints without waiting for a language. The rest of a language (locales/<lng>)
 * is a chunk of its own, fetched before the first page that needs it (lib/i18n/i18n.ts).
 */
export const signInPhrases = {
  en: {
    common: enCommon,
    routes: enRoutes,
    error: enError,
    success: enSuccess,
    info: enInfo,
    validation: enValidation,
    auth: enAuth,
  },
  it: {
    common: itCommon,
    routes: itRoutes,
    error: itError,
    success: itSuccess,
    info: itInfo,
    validation: itValidation,
    auth: itAuth,
  },
} satisfies Record<Locale, Partial<Record<keyof Phrases, object>>>;
