import {
  type OfflineGrant,
  offlineGrantListSchema,
  type WorkstationKey,
  type WorkstationKeyCreated,
  workstationKeyCreatedSchema,
  workstationKeyListSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type BodyOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

export type WorkstationKeyCreate = BodyOf<'/api/v1/workstation-keys/', 'post'>;

/** Query keys of the workstation area: its keys, and a member's offline material. */
export const workstationKeys = {
  ...areaKeys('workstation'),
  offline: (memberId: string, params: object) => ['workstation', 'offline', memberId, params] as const,
};

export const workstationKeysQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: workstationKeys.list({ page, pageSize }),
    queryFn: () =>
      api.get('/api/v1/workstation-keys/', {
        params: { query: { page, page_size: pageSize } },
        schema: workstationKeyListSchema,
      }),
    placeholderData: keepPreviousData,
  });

/** The machines holding the member's offline material (read afresh: machines refill while it is open). */
export const offlineGrantsQuery = (memberId: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: workstationKeys.offline(memberId, { page, pageSize }),
    queryFn: () =>
      api.get('/api/v1/users/{id}/workstation/offline/', {
        params: { path: { id: memberId }, query: { page, page_size: pageSize } },
        schema: offlineGrantListSchema,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useWorkstationKeys = (page: number, pageSize: number) => useQuery(workstationKeysQuery(page, pageSize));
export const useOfflineGrants = (memberId: string, page: number, pageSize: number) =>
  useQuery(offlineGrantsQuery(memberId, page, pageSize));

export const useIssueWorkstationKey = (ui: MutationUi<WorkstationKeyCreated, WorkstationKeyCreate> = {}) =>
  useApiMutation({
    mutationFn: (body: WorkstationKeyCreate) =>
      api.post('/api/v1/workstation-keys/', { body, schema: workstationKeyCreatedSchema }),
    invalidates: 'workstation',
    // The answer holds the key, shown once.
    secret: true,
    ...ui,
  });
export const useRevokeWorkstationKey = (ui: MutationUi<void, WorkstationKey> = {}) =>
  useApiMutation({
    mutationFn: (key: WorkstationKey) =>
      api.delete('/api/v1/workstation-keys/{id}/', { params: { path: { id: key.id } } }),
    invalidates: 'workstation',
    ...ui,
  });
export const useRevokeOfflineGrant = (memberId: string, ui: MutationUi<void, OfflineGrant> = {}) =>
  useApiMutation({
    mutationFn: (grant: OfflineGrant) =>
      api.delete('/api/v1/users/{id}/workstation/offline/{grantId}/', {
        params: { path: { id: memberId, grantId: grant.id } },
      }),
    invalidates: 'workstation',
    ...ui,
  });
