/**
 * The app's calls (contracts device.ts). Enrolment is public with the confirmation code; every
 * other call is signed by the device's key (deviceProof.ts) and carries no token: the path it
 * signs is the one openapi-fetch requests (the id encoded alike).
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

const API = '/api/v1';
/** The path the server sees for an approval: what the device signs (openapi-fetch encodes the id the same way). */
const approvalPath = (id: string) => `${API}/device/approvals/${encodeURIComponent(id)}/`;

export const deviceApi = {
  /**
   * App with biometry, where the group asks for it: the options to register the phone's platform
   * authenticator. Other credentials answer an error (422 deviceBiometryNotNeeded).
   */
  enrollOptions: (confirmation_code: string): Promise<WebAuthnOptions> =>
    answer(client.POST('/api/v1/enroll/app/webauthn/', { body: { confirmation_code } })),
  enroll: (body: AppEnrollRequest): Promise<AppEnrollResult> => answer(client.POST('/api/v1/enroll/app/', { body })),
  /** The account as the server knows it (username, biometry... may have changed). */
  state: async (signer: Signer, signal?: AbortSignal): Promise<DeviceState> => {
    const device = await deviceProof(signer, 'POST', `${API}/device/`, {});
    return answer(client.POST('/api/v1/device/', { body: { device }, signal }));
  },
  approvals: async (signer: Signer, signal?: AbortSignal): Promise<DeviceApprovalList> => {
    const device = await deviceProof(signer, 'POST', `${API}/device/approvals/`, {});
    return answer(client.POST('/api/v1/device/approvals/', { body: { device }, signal }));
  },
  /** Biometry: the options the platform authenticator answers before an approval. */
  approvalOptions: async (signer: Signer, id: string): Promise<WebAuthnOptions> => {
    const device = await deviceProof(signer, 'POST', `${approvalPath(id)}webauthn/`, {});
    return answer(
      client.POST('/api/v1/device/approvals/{id}/webauthn/', { params: { path: { id } }, body: { device } }),
    );
  },
  answer: async (signer: Signer, id: string, body: Omit<DeviceApprovalAnswer, 'device'>): Promise<void> => {
    const device = await deviceProof(signer, 'POST', approvalPath(id), body);
    await answer(
      client.POST('/api/v1/device/approvals/{id}/', { params: { path: { id } }, body: { ...body, device } }),
    );
  },
};
export type DeviceApi = typeof deviceApi;

/** The server knows this device no more: an administrator reset or removed the credential (or its key no longer verifies). */
export const isDeviceGone = (err: unknown) =>
  err instanceof ApiError && err.status === 404 && err.code === 'deviceNotFound';
export const isNetworkError = (err: unknown) => err instanceof ApiError && err.status === 0;
