import { ERRORS, type ErrorCode } from '@portiere/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../api/apiError';
import type { TranslationKey } from './keys';

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code);

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
  if (code === 'noOtpMail' || /no mail credential/i.test(reason ?? '')) return t('error.noOtpMail');
  if (code && isErrorCode(code)) return t(overrides[code] ?? `error.${code}`, params);
  return reason || t('error.generic');
}
