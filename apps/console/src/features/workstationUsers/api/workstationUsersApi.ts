import {
  type autologonRequestSchema,
  autologonSchema,
  configurationSchema,
  pagedListSchema,
  type WorkstationUser,
  workstationUserSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

type Autologon = z.infer<typeof autologonSchema>;
type AutologonRequest = z.infer<typeof autologonRequestSchema>;

/** Query keys of the workstation users area. */
export const workstationUsersKeys = areaKeys('workstationUsers');

/** The list's filters (workstation-users/: search, autologon, recovery_mode, temporary_card, group). */
export type WorkstationUserQuery = Record<string, string>;

export const workstationUsersQuery = (page: number, pageSize: number, query: WorkstationUserQuery = {}) =>
  queryOptions({
    queryKey: workstationUsersKeys.list({ page, pageSize, ...query }),
    queryFn: () =>
      api.get('workstation-users/', {
        schema: pagedListSchema(workstationUserSchema),
        query: { ...query, page, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });
export const useWorkstationUsers = (page: number, pageSize: number, query: WorkstationUserQuery = {}) =>
  useQuery(workstationUsersQuery(page, pageSize, query));

/** The configurations offered by the drawer's group filter (refreshed when configurations change). */
export const useConfigurationChoices = () =>
  useQuery({
    queryKey: [...workstationUsersKeys.all, 'configurationChoices'],
    queryFn: () => api.get('groups/', { schema: pagedListSchema(configurationSchema), query: { page_size: 500 } }),
    staleTime: 60_000,
  });

export const useSetAutologon = (ui: MutationUi<Autologon, { user: WorkstationUser; enabled: boolean }> = {}) =>
  useApiMutation({
    mutationFn: ({ user, enabled }: { user: WorkstationUser } & AutologonRequest) => {
      const body: AutologonRequest = { enabled };
      return api.post(`users/${encodeURIComponent(user.id)}/autologon/`, body, { schema: autologonSchema });
    },
    invalidates: 'workstationUsers',
    ...ui,
  });
