/** The smartphone app's answers as the server sends them (each parsed with its contract schema), and accounts with real keys. */
import {
  type AppEnrollResult,
  appEnrollResultSchema,
  type DeviceApproval,
  type DeviceState,
  deviceApprovalSchema,
  deviceStateSchema,
} from '@portiere/contracts';
import type { DeviceAccount } from '../flows/device/accountStore';
import { generateDeviceKey } from '../flows/device/deviceKeys';
import { importTotp } from '../flows/device/totp';
import { CUSTOMER_ID } from './fixtures';

/** RFC 6238's SHA-1 secret ("12345678901234567890"), base32. */
export const TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

export function deviceState(over: Partial<DeviceState> = {}): DeviceState {
  return deviceStateSchema.parse({
    id: 'dev-1',
    kind: 'app',
    username: 'eva@acme.example',
    customer_id: CUSTOMER_ID,
    customer_name: 'Acme',
    language: 'en',
    biometry: 'none',
    ...over,
  });
}

export function enrollResult(over: Partial<AppEnrollResult> = {}): AppEnrollResult {
  return appEnrollResultSchema.parse({
    ...deviceState(),
    status: 'active',
    totp: { secret: TOTP_SECRET, digits: 6, period: 30, algorithm: 'SHA1' },
    ...over,
  });
}

export function approval(over: Partial<DeviceApproval> = {}): DeviceApproval {
  return deviceApprovalSchema.parse({
    id: 'req-1',
    application: 'Shop',
    place: '203.0.113.7',
    requested_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 120_000).toISOString(),
    choices: [17, 42, 86],
    ...over,
  });
}

/** An account on the phone, with a real device key; its public half for checking signatures. */
export async function account(over: Partial<DeviceAccount> = {}): Promise<DeviceAccount & { publicKey: string }> {
  const key = await generateDeviceKey();
  return {
    ...deviceState(),
    privateKey: key.privateKey,
    totp: await importTotp(enrollResult().totp),
    enrolled_at: '2030-01-01T10:00:00.000Z',
    reset_at: null,
    publicKey: key.publicKey,
    ...over,
  };
}
