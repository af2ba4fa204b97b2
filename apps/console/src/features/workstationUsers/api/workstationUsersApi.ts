import {
  autologonSchema,
  configurationSchema,
  pagedListSchema,
  type WorkstationUser,
  workstationUserSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type BodyOf, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

type Autologon = z.infer<typeof autologonSchema>;
type AutologonRequest = BodyOf<'/api/v1/users/{id}/autologon/', 'post'>;

/** Query keys of the workstation users area. */
export const workstationUsersKeys = areaKeys('workstationUsers');

/** The list's filters (workstation-users/: search, autologon, recovery_mode, temporary_card, group). */
export type WorkstationUserQuery = Omit<QueryOf<'/api/v1/workstation-users/'>, 'page' | 'page_size'>;

export const workstationUsersQuery = (page: number, pageSize: number, query: WorkstationUserQuery = {}) =>
  queryOptions({
    queryKey: workstationUsersKeys.list({ page, pageSize, ...query }),
    queryFn: () =>
      api.get('/api/v1/workstation-users/', {
        params: { query: { ...query, page, page_size: pageSize } },
        schema: pagedListSchema(workstationUserSchema),
      }),
    placeholderData: keepPreviousData,
  });
export const useWorkstationUsers = (page: number, pageSize: number, query: WorkstationUserQuery = {}) =>
  useQuery(workstationUsersQuery(page, pageSize, query));

/** The configurations offered by the drawer's group filter (refreshed when configurations change). */
export const useConfigurationChoices = () =>
  useQuery({
    queryKey: [...workstationUsersKeys.all, 'configurationChoices'],
    queryFn: () =>
      api.get('/api/v1/groups/', {
        params: { query: { page_size: 500 } },
        schema: pagedListSchema(configurationSchema),
      }),
    staleTime: 60_000,
  });

export const useSetAutologon = (ui: MutationUi<Autologon, { user: WorkstationUser; enabled: boolean }> = {}) =>
  useApiMutation({
    mutationFn: ({ user, enabled }: { user: WorkstationUser } & AutologonRequest) => {
      const body: AutologonRequest = { enabled };
      return api.post('/api/v1/users/{id}/autologon/', {
        params: { path: { id: user.id } },
        body,
        schema: autologonSchema,
      });
    },
    invalidates: 'workstationUsers',
    ...ui,
  });
