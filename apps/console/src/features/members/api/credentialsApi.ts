import {
  type Credential,
  type CredentialTestResult,
  credentialCreatedSchema,
  credentialSchema,
  credentialTestResultSchema,
  type PinResetResult,
  pinResetResultSchema,
  sentToSchema,
} from '@portiere/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type BodyOf } from '../../../lib/api/client';
import { credentialErrorMessage } from '../lib/credentialError';
import { membersKeys } from './membersApi';

export type CredentialCreated = z.infer<typeof credentialCreatedSchema>;
export type CredentialCreate = BodyOf<'/api/v1/users/{id}/credentials/', 'post'>;
export type CredentialPatch = BodyOf<'/api/v1/users/{id}/credentials/{cid}/', 'patch'>;
type SentTo = z.infer<typeof sentToSchema>;

const member = (memberId: string) => ({ path: { id: memberId } });
const one = (memberId: string, cid: string) => ({ path: { id: memberId, cid } });

export const credentialsQuery = (memberId: string) =>
  queryOptions({
    queryKey: membersKeys.credentials(memberId),
    queryFn: () =>
      api.get('/api/v1/users/{id}/credentials/', { params: member(memberId), schema: credentialSchema.array() }),
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
    (input: CredentialCreate) =>
      api.post('/api/v1/users/{id}/credentials/', {
        params: member(memberId),
        body: input,
        schema: credentialCreatedSchema,
      }),
    ui,
  );
export const usePatchCredential = (
  memberId: string,
  ui: MutationUi<Credential, { credential: Credential; patch: CredentialPatch }> = {},
) =>
  useCredentialMutation(
    ({ credential, patch }: { credential: Credential; patch: CredentialPatch }) =>
      api.patch('/api/v1/users/{id}/credentials/{cid}/', {
        params: one(memberId, credential.id),
        body: patch,
        schema: credentialSchema,
      }),
    ui,
  );
export const useDeleteCredential = (memberId: string, ui: MutationUi<void, Credential> = {}) =>
  useCredentialMutation(
    (c: Credential) => api.delete('/api/v1/users/{id}/credentials/{cid}/', { params: one(memberId, c.id) }),
    ui,
  );
export const useTestCredential = (
  memberId: string,
  ui: MutationUi<CredentialTestResult, { credential: Credential; value: string }> = {},
) =>
  useCredentialMutation(
    ({ credential, value }: { credential: Credential; value: string }) =>
      api.post('/api/v1/users/{id}/credentials/{cid}/test/', {
        params: one(memberId, credential.id),
        body: { value },
        schema: credentialTestResultSchema,
      }),
    ui,
  );
export const useSendCredential = (memberId: string, ui: MutationUi<SentTo, Credential> = {}) =>
  useCredentialMutation(
    (c: Credential) =>
      api.post('/api/v1/users/{id}/credentials/{cid}/send/', { params: one(memberId, c.id), schema: sentToSchema }),
    ui,
  );
export const useResetCredential = (memberId: string, ui: MutationUi<CredentialCreated, Credential> = {}) =>
  useCredentialMutation(
    (c: Credential) =>
      api.post('/api/v1/users/{id}/credentials/{cid}/reset/', {
        params: one(memberId, c.id),
        schema: credentialCreatedSchema,
      }),
    ui,
  );
/** Smartcard: the member gets a mail with a code that unblocks the card at a workstation. */
export const usePinReset = (memberId: string, ui: MutationUi<PinResetResult, Credential> = {}) =>
  useCredentialMutation(
    (c: Credential) =>
      api.post('/api/v1/users/{id}/credentials/{cid}/pin-reset/', {
        params: one(memberId, c.id),
        schema: pinResetResultSchema,
      }),
    ui,
  );
export const useUnlockCredential = (memberId: string, ui: MutationUi<Credential, Credential> = {}) =>
  useCredentialMutation(
    (c: Credential) =>
      api.post('/api/v1/users/{id}/credentials/{cid}/unlock/', {
        params: one(memberId, c.id),
        schema: credentialSchema,
      }),
    ui,
  );
