import type { TFunction } from 'i18next';
import { isApiError } from '../api/apiError';

/**
 * The message to show for a failed call: a known server code in the user's language,
 * the no-OTP-mail sentence whenever the reason names it, otherwise the server's reason,
 * otherwise the generic sentence. `overrides` maps codes to other keys for one screen.
 */
export function errorMessage(t: TFunction, err: unknown, overrides: Record<string, string> = {}): string {
  if (!isApiError(err) || !err.body) return t('error.generic');
  const { code, reason, params } = err.body;
  if (code === 'noOtpMail' || /no mail credential/i.test(reason ?? '')) return t('error.noOtpMail');
  const override = code ? overrides[code] : undefined;
  if (override) return t(override, params);
  if (code) {
    const key = `error.${code}`;
    const text = t(key, params ?? {});
    // i18next answers the key itself when it has no phrase for it.
    if (text && text !== key) return text;
  }
  return reason || t('error.generic');
}
