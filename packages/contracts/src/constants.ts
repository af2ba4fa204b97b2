/** Business constants and limits (spec section 9), shared by server and console. */
export const VERSION = '1.0.4';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 500;

/** Refresh the access token when it expires within this many seconds. */
export const TOKEN_REFRESH_MARGIN_S = 10;
/** Clock tolerance when verifying token expiry. */
export const TOKEN_CLOCK_TOLERANCE_S = 60;
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_IDLE_S = 30 * 60;
export const REFRESH_TOKEN_ABSOLUTE_S = 12 * 60 * 60;

/** Sign-in one-time codes sent by mail. */
export const LOGIN_OTP_LENGTH = 6;
export const LOGIN_OTP_TTL_S = 10 * 60;
export const LOGIN_OTP_MAX_TRIES = 5;
export const LOGIN_OTP_RESEND_S = 60;
/** Wrong tries before a member's password credential locks. */
export const PASSWORD_CREDENTIAL_MAX_ATTEMPTS = 10;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const MENU_WIDTH = 275;
export const FILTERS_DRAWER_WIDTH = 350;

export const FEEDBACK_MIN_MS = 2000;
export const FEEDBACK_PER_WORD_MS = 200;
export const FEEDBACK_DIALOG_CLEANUP_MS = 500;
/** Name under which the feedback dialog is registered in the dialog registry. */
export const FEEDBACK_DIALOG = 'feedbacks';

export const SPINNER_SIZES = {
  small: { size: 30, thickness: 3 },
  medium: { size: 60, thickness: 4 },
  large: { size: 80, thickness: 6 },
} as const;

export const LOCALES = ['en', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

export const USER_TYPES = ['CustomerUser', 'ResellerUser'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Clamp paging input the way the spec says: below 1 resets to the default. */
export function normalizePage(page: unknown): number {
  const n = Number(page);
  // Safe integers only: 1e308 is an "integer" to JS but no offset a database can skip.
  return Number.isSafeInteger(n) && n >= 1 ? n : DEFAULT_PAGE;
}
export function normalizePageSize(size: unknown): number {
  const n = Number(size);
  if (!Number.isSafeInteger(n) || n < 1) return DEFAULT_PAGE_SIZE;
  return Math.min(n, MAX_PAGE_SIZE);
}
