/**
 * Adding an account: a new device key, the phone's platform authenticator when the account asks
 * for biometry, then `POST enroll/app/` binding the key's public half to the confirmation code.
 * The answer carries the offline codes' secret, once: it goes straight into a key.
 */
import type { WebAuthnOptions, WebAuthnRegistration } from '@portiere/contracts';
import { ApiError } from '../../lib/api';
import { registerKey } from '../../lib/securityKey';
import type { DeviceAccount } from './accountStore';
import type { DeviceApi } from './api';
import { generateDeviceKey } from './deviceKeys';
import { thisDeviceModel } from './deviceModel';
import { importTotp } from './totp';

/**
 * The registration options when the account wants the platform authenticator, else null. The
 * server answers an error for a code without biometry (422 deviceBiometryNotNeeded); any client
 * error is left for the enrolment itself to explain (a wrong code answers 404 there too). The
 * network, or the server failing, is a failure to retry.
 */
export async function biometryOptions(api: DeviceApi, code: string): Promise<WebAuthnOptions | null> {
  try {
    return await api.enrollOptions(code);
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) return null;
    throw err;
  }
}

/** The authenticator's registration, asked right from a tap (some browsers want the gesture fresh). */
export const registerBiometry = (options: WebAuthnOptions) => registerKey(options);

export async function enrollDevice(
  api: DeviceApi,
  code: string,
  webauthn?: WebAuthnRegistration,
  now = new Date(),
): Promise<DeviceAccount> {
  const key = await generateDeviceKey();
  const result = await api.enroll({
    confirmation_code: code,
    deviceModel: thisDeviceModel(),
    public_key: key.publicKey,
    webauthn,
  });
  const { id, kind, username, customer_id, customer_name, language, biometry } = result;
  return {
    ...{ id, kind, username, customer_id, customer_name, language, biometry },
    privateKey: key.privateKey,
    totp: await importTotp(result.totp),
    enrolled_at: now.toISOString(),
    reset_at: null,
  };
}

/** A wrong or used code: the server knows no app waiting for it. */
export const isUnknownCode = (err: unknown) => err instanceof ApiError && err.status === 404;
