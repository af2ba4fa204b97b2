import {
  type Credential,
  type CredentialCreate,
  type CredentialTestResult,
  credentialCreatedSchema,
  type credentialPatchSchema,
  credentialSchema,
  credentialTestResultSchema,
  sentToSchema,
} from '@portiere/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';
import { credentialErrorMessage } from '../lib/credentialError';
import { membersKeys } from './membersApi';

export type CredentialCreated = z.infer<typeof credentialCreatedSchema>;
export type CredentialPatch = z.infer<typeof credentialPatchSchema>;
type SentTo = z.infer<typeof sentToSchema>;

const base = (memberId: string) => `users/${encodeURIComponent(memberId)}/credentials/`;
const one = (memberId: string, cid: string) => `${base(memberId)}${encodeURIComponent(cid)}/`;

export const credentialsQuery = (memberId: string) =>
  queryOptions({
    queryKey: membersKeys.credentials(memberId),
    queryFn: () => api.get(base(memberId), { schema: credentialSchema.array() }),
    staleTime: 0,
  });
export const useCredentials = (memberId: string) => useQuery(credentialsQuery(memberId));

/**
 * Writes to one member's credentials. Failures name the credential kind by its label
 * ("A TOTP credential for this user already exists."); the member's data is refreshed after each.
 */
function useCredentialMutation<TData, TVars>(
  mutationFn: (vars: TVars) => Promise<TData>,
  ui: MutationUi<TData, TVars>,
) {
  return useApiMutation({ mutationFn, invalidates: 'members', message: credentialErrorMessage, ...ui });
}

export const useCreateCredential = (memberId: string, ui: MutationUi<CredentialCreated, CredentialCreate> = {}) =>
  useCredentialMutation(
    (input: CredentialCreate) => api.post(base(memberId), input, { schema: credentialCreatedSchema }),
    ui,
  );
export const usePatchCredential = (
  memberId: string,
  ui: MutationUi<Credential, { credential: Credential; patch: CredentialPatch }> = {},
) =>
  useCredentialMutation(
    ({ credential, patch }: { credential: Credential; patch: CredentialPatch }) =>
      api.patch(one(memberId, credential.id), patch, { schema: credentialSchema }),
    ui,
  );
export const useDeleteCredential = (memberId: string, ui: MutationUi<void, Credential> = {}) =>
  useCredentialMutation((c: Credential) => api.delete(one(memberId, c.id)), ui);
export const useTestCredential = (
  memberId: string,
  ui: MutationUi<CredentialTestResult, { credential: Credential; value: string }> = {},
) =>
  useCredentialMutation(
    ({ credential, value }: { credential: Credential; value: string }) =>
      api.post(`${one(memberId, credential.id)}test/`, { value }, { schema: credentialTestResultSchema }),
    ui,
  );
export const useSendCredential = (memberId: string, ui: MutationUi<SentTo, Credential> = {}) =>
  useCredentialMutation(
    (c: Credential) => api.post(`${one(memberId, c.id)}send/`, undefined, { schema: sentToSchema }),
    ui,
  );
export const useResetCredential = (memberId: string, ui: MutationUi<CredentialCreated, Credential> = {}) =>
  useCredentialMutation(
    (c: Credential) => api.post(`${one(memberId, c.id)}reset/`, undefined, { schema: credentialCreatedSchema }),
    ui,
  );
export const useUnlockCredential = (memberId: string, ui: MutationUi<Credential, Credential> = {}) =>
  useCredentialMutation(
    (c: Credential) => api.post(`${one(memberId, c.id)}unlock/`, undefined, { schema: credentialSchema }),
    ui,
  );
