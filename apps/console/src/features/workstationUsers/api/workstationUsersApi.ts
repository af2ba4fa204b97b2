import {
  type autologonRequestSchema,
  autologonSchema,
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

export const workstationUsersQuery = (page: number, pageSize: number, search: string) =>
  queryOptions({
    queryKey: workstationUsersKeys.list({ page, pageSize, search }),
    queryFn: () =>
      api.get('workstation-users/', {
        schema: pagedListSchema(workstationUserSchema),
        query: { page, page_size: pageSize, search: search || undefined },
      }),
    placeholderData: keepPreviousData,
  });
export const useWorkstationUsers = (page: number, pageSize: number, search: string) =>
  useQuery(workstationUsersQuery(page, pageSize, search));

export const useSetAutologon = (ui: MutationUi<Autologon, { user: WorkstationUser; enabled: boolean }> = {}) =>
  useApiMutation({
    mutationFn: ({ user, enabled }: { user: WorkstationUser } & AutologonRequest) => {
      const body: AutologonRequest = { enabled };
      return api.post(`users/${encodeURIComponent(user.id)}/autologon/`, body, { schema: autologonSchema });
    },
    invalidates: 'workstationUsers',
    ...ui,
  });
