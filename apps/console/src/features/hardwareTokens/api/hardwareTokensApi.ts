import {
  type HardwareToken,
  type HardwareTokenImportResult,
  hardwareTokenImportResultSchema,
  hardwareTokenSchema,
  pagedListSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type BodyOf, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

export type HardwareTokenListQuery = Pick<QueryOf<'/api/v1/hardware-tokens/'>, 'state' | 'search'>;
export type HardwareTokenImport = BodyOf<'/api/v1/hardware-tokens/import/', 'post'>;
export type HardwareTokenAssign = BodyOf<'/api/v1/hardware-tokens/{id}/assign/', 'post'>;
export type HardwareTokenResync = BodyOf<'/api/v1/hardware-tokens/{id}/resync/', 'post'>;

/** Query keys of the hardware tokens area. */
export const hardwareTokensKeys = areaKeys('hardwareTokens');

const tokenList = pagedListSchema(hardwareTokenSchema);
const token = (id: string) => ({ path: { id } });

export const hardwareTokensQuery = (page: number, pageSize: number, q: HardwareTokenListQuery) =>
  queryOptions({
    queryKey: hardwareTokensKeys.list({ page, pageSize, ...q }),
    queryFn: () =>
      api.get('/api/v1/hardware-tokens/', {
        params: { query: { page, page_size: pageSize, state: q.state, search: q.search || undefined } },
        schema: tokenList,
      }),
    placeholderData: keepPreviousData,
  });

export const useHardwareTokens = (page: number, pageSize: number, q: HardwareTokenListQuery) =>
  useQuery(hardwareTokensQuery(page, pageSize, q));

export const useImportHardwareTokens = (ui: MutationUi<HardwareTokenImportResult, HardwareTokenImport> = {}) =>
  useApiMutation({
    mutationFn: (body: HardwareTokenImport) =>
      api.post('/api/v1/hardware-tokens/import/', { body, schema: hardwareTokenImportResultSchema }),
    invalidates: 'hardwareTokens',
    ...ui,
  });

export const useAssignHardwareToken = (
  ui: MutationUi<HardwareToken, { token: HardwareToken; body: HardwareTokenAssign }> = {},
) =>
  useApiMutation({
    mutationFn: ({ token: t, body }: { token: HardwareToken; body: HardwareTokenAssign }) =>
      api.post('/api/v1/hardware-tokens/{id}/assign/', { params: token(t.id), body, schema: hardwareTokenSchema }),
    invalidates: 'hardwareTokens',
    success: (t, done) => t('hardwareTokens.assigned', { serial: done.serial, username: done.member?.username ?? '' }),
    ...ui,
  });

export const useResyncHardwareToken = (
  ui: MutationUi<HardwareToken, { token: HardwareToken; body: HardwareTokenResync }> = {},
) =>
  useApiMutation({
    mutationFn: ({ token: t, body }: { token: HardwareToken; body: HardwareTokenResync }) =>
      api.post('/api/v1/hardware-tokens/{id}/resync/', { params: token(t.id), body, schema: hardwareTokenSchema }),
    invalidates: 'hardwareTokens',
    success: (t, done) => t('hardwareTokens.resynced', { serial: done.serial }),
    ...ui,
  });

export const useRetireHardwareToken = (ui: MutationUi<HardwareToken, HardwareToken> = {}) =>
  useApiMutation({
    mutationFn: (t: HardwareToken) =>
      api.post('/api/v1/hardware-tokens/{id}/retire/', { params: token(t.id), schema: hardwareTokenSchema }),
    invalidates: 'hardwareTokens',
    success: (t, done) => t('hardwareTokens.retired', { serial: done.serial }),
    ...ui,
  });
