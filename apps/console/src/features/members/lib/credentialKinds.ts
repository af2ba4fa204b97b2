import {
  CREDENTIAL_TYPES,
  type Credential,
  type CredentialCreate,
  type CredentialType,
  SINGLE_CREDENTIAL_TYPES,
} from '@portiere/contracts';

export type SecretField = 'value' | 'public_key' | 'certificate' | null;

/** Which secret input a kind asks for when it is created. */
export function secretFieldOf(type: CredentialType | ''): SecretField {
  if (type === 'password' || type === 'pin') return 'value';
  if (type === 'keypair') return 'public_key';
  if (type === 'smartcard') return 'certificate';
  return null;
}

export interface TypeChoice {
  type: CredentialType;
  /** A single-instance kind the member already holds, or one the CMS settings do not issue. */
  disabled: boolean;
  /** Why it is disabled. */
  reason?: 'present' | 'cms';
}

/**
 * The add-credential choice: only the kinds the member's configuration allows, in catalogue
 * order; those the CMS settings do not issue (`issuable` lacks them) shown but disabled.
 */
export function credentialChoices(
  allowed: readonly string[],
  existing: readonly Credential[] = [],
  issuable: readonly string[] = allowed,
): TypeChoice[] {
  const held = new Set(existing.map((c) => c.type));
  return CREDENTIAL_TYPES.filter((t) => allowed.includes(t)).map((type) => {
    if (!issuable.includes(type)) return { type, disabled: true, reason: 'cms' as const };
    if (SINGLE_CREDENTIAL_TYPES.includes(type) && held.has(type))
      return { type, disabled: true, reason: 'present' as const };
    return { type, disabled: false };
  });
}

export interface CredentialFormValues {
  type: CredentialType | '';
  description: string;
  is_web: boolean;
  is_api: boolean;
  windows_login: boolean;
  secret: string;
}

export const emptyCredentialForm: CredentialFormValues = {
  type: '',
  description: '',
  is_web: true,
  is_api: false,
  windows_login: false,
  secret: '',
};

/** The POST body: the secret goes into the field its kind expects, and only there. */
export function credentialInputOf(v: CredentialFormValues): CredentialCreate {
  if (!v.type) throw new Error('type required');
  const input: CredentialCreate = {
    type: v.type,
    description: v.description.trim(),
    is_web: v.is_web,
    is_api: v.is_api,
    windows_login: v.windows_login,
  };
  const field = secretFieldOf(v.type);
  if (field) input[field] = field === 'value' ? v.secret : v.secret.trim();
  return input;
}

/** Kinds that can be tried with a typed value. */
export const TESTABLE: readonly CredentialType[] = ['password', 'pin', 'totp', 'hotp', 'mail', 'sms'];
/** Kinds whose code the server can send. */
export const SENDABLE: readonly CredentialType[] = ['mail', 'sms'];
export const isApp = (type: CredentialType) => type === 'app' || type === 'app_biometry';
