import { CREDENTIAL_TYPES } from '@portiere/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api/apiError';
import { errorMessage } from '../../../lib/i18n/errorMessage';

/** Credential errors name the kind by its label ("A TOTP credential for this user already exists."). */
export function credentialErrorMessage(t: TFunction, err: unknown): string {
  if (
    isApiError(err) &&
    err.body &&
    (err.body.code === 'credentialExists' || err.body.code === 'credentialNotAllowed')
  ) {
    const raw = String(err.body.params?.type ?? '');
    const type = (CREDENTIAL_TYPES as readonly string[]).includes(raw) ? t(`credentials.types.${raw}`) : raw;
    return t(`error.${err.body.code}`, { type });
  }
  return errorMessage(t, err);
}
