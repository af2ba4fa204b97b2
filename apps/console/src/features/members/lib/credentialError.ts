import { CREDENTIAL_TYPES, type CredentialType } from '@portiere/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api/apiError';
import { errorMessage } from '../../../lib/i18n/errorMessage';

const isCredentialType = (v: string): v is CredentialType => (CREDENTIAL_TYPES as readonly string[]).includes(v);

/** Credential errors name the kind by its label ("A TOTP credential for this user already exists."). */
export function credentialErrorMessage(t: TFunction, err: unknown): string {
  const body = isApiError(err) ? err.body : null;
  if (body && (body.code === 'credentialExists' || body.code === 'credentialNotAllowed')) {
    const raw = String(body.params?.type ?? '');
    const type = isCredentialType(raw) ? t(`credentials.types.${raw}`) : raw;
    return t(`error.${body.code}`, { type });
  }
  return errorMessage(t, err);
}
