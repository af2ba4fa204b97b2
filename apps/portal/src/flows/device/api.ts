/**
 * The app's calls (contracts device.ts). Enrolment is public with the confirmation code; every
 * other call is signed by the device's key (deviceProof.ts) and carries no token: the signed
 * path is the one requested, so both are built here from one string.
 */
import type {
  AppEnrollRequest,
  AppEnrollResult,
  DeviceApprovalAnswer,
  DeviceApprovalList,
  DeviceState,
  WebAuthnOptions,
} from '@portiere/contracts';
import { ApiError, answer, client } from '../../lib/api';
import { deviceProof, type Signer } from './deviceProof';

type Answered<T> = Promise<{ data?: T; error?: unknown; response: Response }>;

/**
 * The typed client's POST, its path unchecked: generated/openapi.ts does not have the device
 * routes yet. Once it is regenerated, this becomes `client.POST` and the compiler checks each
 * path and body below against the server's routes (this file is the only one to change).
 */
const post = client.POST as unknown as <T>(path: string, init: { body?: object; signal?: AbortSignal }) => Answered<T>;

const API = '/api/v1/';

/** A device call: the payload and the proof over it, for `path` under /api/v1/. */
async function signed<T>(signer: Signer, path: string, payload: object = {}, signal?: AbortSignal): Promise<T> {
  const device = await deviceProof(signer, 'POST', `${API}${path}`, payload);
  return answer(post<T>(`${API}${path}`, { body: { ...payload, device }, signal }));
}

const approval = (id: string) => `device/approvals/${encodeURIComponent(id)}/`;

export const deviceApi = {
  /**
   * App with biometry, where the group asks for it: the options to register the phone's platform
   * authenticator. Other credentials answer an error (422 deviceBiometryNotNeeded).
   */
  enrollOptions: (confirmation_code: string): Promise<WebAuthnOptions> =>
    answer(post(`${API}enroll/app/webauthn/`, { body: { confirmation_code } })),
  enroll: (body: AppEnrollRequest): Promise<AppEnrollResult> => answer(post(`${API}enroll/app/`, { body })),
  /** The account as the server knows it (username, biometry... may have changed). */
  state: (signer: Signer, signal?: AbortSignal): Promise<DeviceState> => signed(signer, 'device/', {}, signal),
  approvals: (signer: Signer, signal?: AbortSignal): Promise<DeviceApprovalList> =>
    signed(signer, 'device/approvals/', {}, signal),
  /** Biometry: the options the platform authenticator answers before an approval. */
  approvalOptions: (signer: Signer, id: string): Promise<WebAuthnOptions> => signed(signer, `${approval(id)}webauthn/`),
  answer: (signer: Signer, id: string, body: Omit<DeviceApprovalAnswer, 'device'>): Promise<void> =>
    signed(signer, approval(id), body),
};
export type DeviceApi = typeof deviceApi;

/** The server knows this device no more: an administrator reset or removed the credential (or its key no longer verifies). */
export const isDeviceGone = (err: unknown) =>
  err instanceof ApiError && err.status === 404 && err.code === 'deviceNotFound';
export const isNetworkError = (err: unknown) => err instanceof ApiError && err.status === 0;
