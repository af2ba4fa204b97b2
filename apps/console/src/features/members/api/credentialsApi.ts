import type { Credential, CredentialCreate, CredentialTestResult, Enrollment } from '@portiere/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export interface CredentialCreated {
  credential: Credential;
  enrollment: Enrollment | null;
}
export interface CredentialPatch {
  description?: string;
  is_web?: boolean;
  is_api?: boolean;
  isActive?: boolean;
  windows_login?: boolean;
}

const base = (memberId: string) => `users/${encodeURIComponent(memberId)}/credentials/`;
const one = (memberId: string, cid: string) => `${base(memberId)}${encodeURIComponent(cid)}/`;

export const credentialsQuery = (memberId: string) =>
  queryOptions({
    queryKey: ['members', 'detail', memberId, 'credentials'],
    queryFn: () => api.get<Credential[]>(base(memberId)),
    staleTime: 0,
  });

export const createCredential = (memberId: string, input: CredentialCreate) =>
  api.post<CredentialCreated>(base(memberId), input);
export const patchCredential = (memberId: string, cid: string, patch: CredentialPatch) =>
  api.patch<Credential>(one(memberId, cid), patch);
export const deleteCredential = (memberId: string, cid: string) => api.delete<void>(one(memberId, cid));
export const testCredential = (memberId: string, cid: string, value: string) =>
  api.post<CredentialTestResult>(`${one(memberId, cid)}test/`, { value });
export const sendCredential = (memberId: string, cid: string) =>
  api.post<{ sent_to: string }>(`${one(memberId, cid)}send/`);
export const resetCredential = (memberId: string, cid: string) =>
  api.post<CredentialCreated>(`${one(memberId, cid)}reset/`);
export const unlockCredential = (memberId: string, cid: string) => api.post<Credential>(`${one(memberId, cid)}unlock/`);
