import { ERRORS, type ErrorCode } from '@portiere/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../api/apiError';
import type { TranslationKey } from './keys';

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code);

/** Spec 8: a reason that says there is no (OTP) mail credential, whatever its wording or code. */
export const NO_OTP_MAIL_REASON = /\bno (otp )?mail( credential)?\b/i;

/**
 * The message to show for a failed call: a known server code in the user's language,
 * the no-OTP-mail sentence whenever the reason names it, otherwise the server's reason,
 * otherwise the generic sentence. `overrides` maps codes to other keys for one screen.
 */
export function errorMessage(
  t: TFunction,
  err: unknown,
  overrides: Partial<Record<ErrorCode, TranslationKey>> = {},
): string {
  if (!isApiError(err) || !err.body) return t('error.generic');
  const { code, reason, params = {} } = err.body;
  if (code === 'noOtpMail' || NO_OTP_MAIL_REASON.test(reason ?? '')) return t('error.noOtpMail');
  if (code && isErrorCode(code)) return t(overrides[code] ?? `error.${code}`, params);
  return reason || t('error.generic');
}
