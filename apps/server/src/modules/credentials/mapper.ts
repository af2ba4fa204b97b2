import type { Credential } from '@portiere/contracts';
import type { credentials } from '../../db/schema/index.ts';

export type CredentialRow = typeof credentials.$inferSelect;

export function toCredential(c: CredentialRow): Credential {
  return {
    id: c.id,
    type: c.type,
    description: c.description,
    created_at: c.createdAt.toISOString(),
    is_web: c.isWeb,
    is_api: c.isApi,
    isActive: c.isActive,
    isEnrolled: c.isEnrolled,
    windows_login: c.windowsLogin,
    target: c.target,
    status: c.status,
    deviceModel: c.deviceModel,
    locked: c.locked,
    failed_attempts: c.failedAttempts,
    subject: c.subject,
    issuer: c.issuer,
    validTo: c.validTo?.toISOString() ?? null,
    fingerprint: c.fingerprint,
    authenticator: c.webauthnId
      ? { aaguid: c.aaguid ?? '', synced: c.params?.synced === 1, cloned_at: c.clonedAt?.toISOString() ?? null }
      : null,
    pin_reset_until: c.pinResetHash && c.pinResetUntil ? c.pinResetUntil.toISOString() : null,
    token_serial: c.tokenSerial,
  };
}
