import {
  pagedListSchema,
  type RecoveryModeActivated,
  recoveryCodeCreatedSchema,
  recoveryModeActivatedSchema,
  recoveryModeSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

export type RecoveryCodeCreated = z.infer<typeof recoveryCodeCreatedSchema>;

/** Query keys of the recovery area (recovery modes and codes). */
export const recoveryKeys = {
  ...areaKeys('recovery'),
  member: (memberId: string) => ['recovery', 'member', memberId] as const,
};

/** The list's filters (recovery-mode/: search, activated_after, activated_before). */
export type RecoveryModeQuery = Omit<QueryOf<'/api/v1/recovery-mode/'>, 'page' | 'page_size'>;

export const recoveryModesQuery = (page: number, pageSize: number, query: RecoveryModeQuery = {}) =>
  queryOptions({
    queryKey: recoveryKeys.list({ page, pageSize, ...query }),
    queryFn: () =>
      api.get('/api/v1/recovery-mode/', {
        params: { query: { ...query, page, page_size: pageSize } },
        schema: pagedListSchema(recoveryModeSchema),
      }),
    placeholderData: keepPreviousData,
  });

/** The member's active recovery mode (null when none). */
export const memberRecoveryModeQuery = (memberId: string) =>
  queryOptions({
    queryKey: recoveryKeys.member(memberId),
    queryFn: () =>
      api.get('/api/v1/users/{id}/recovery-mode/', {
        params: { path: { id: memberId } },
        schema: recoveryModeSchema.nullable(),
      }),
  });

export const useRecoveryModes = (page: number, pageSize: number, query: RecoveryModeQuery = {}) =>
  useQuery(recoveryModesQuery(page, pageSize, query));
export const useMemberRecoveryMode = (memberId: string) => useQuery(memberRecoveryModeQuery(memberId));

/** Recovery mode disables the member's other credentials: the writes refresh recovery and what shows it. */
export const useActivateRecoveryMode = (ui: MutationUi<RecoveryModeActivated, string> = {}) =>
  useApiMutation({
    mutationFn: (memberId: string) =>
      api.post('/api/v1/users/{id}/recovery-mode/', {
        params: { path: { id: memberId } },
        schema: recoveryModeActivatedSchema,
      }),
    invalidates: 'recovery',
    success: (t) => t('success.recoveryModeActivated'),
    ...ui,
  });
export const useDeactivateRecoveryMode = (ui: MutationUi<void, string> = {}) =>
  useApiMutation({
    mutationFn: (memberId: string) =>
      api.delete('/api/v1/users/{id}/recovery-mode/', { params: { path: { id: memberId } } }),
    invalidates: 'recovery',
    success: (t) => t('recovery.deactivated'),
    ...ui,
  });
export const useCreateRecoveryCode = (ui: MutationUi<RecoveryCodeCreated, string> = {}) =>
  useApiMutation({
    mutationFn: (memberId: string) =>
      api.post('/api/v1/users/{id}/recovery-codes/', {
        params: { path: { id: memberId } },
        schema: recoveryCodeCreatedSchema,
      }),
    success: (t) => t('success.temporaryCredentialCreated'),
    ...ui,
  });
