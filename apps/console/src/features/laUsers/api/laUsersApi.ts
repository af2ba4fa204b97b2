import {
  itemsListSchema,
  type LaUser,
  type LaUserInput,
  type LaUserPatch,
  laUserSchema,
  loginGroupSchema,
  MAX_PAGE_SIZE,
  settingsResponseSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/**
 * Query keys of the login-assistant credentials. The login group choices and the customer's la
 * settings (which decide about passwords and autologon) are read under this area: writes to
 * login groups and settings refresh them through SHOWN_IN.
 */
export const laUsersKeys = {
  ...areaKeys('laUsers'),
  loginGroups: () => ['laUsers', 'loginGroups'] as const,
  laSettings: (customerId: string) => ['laUsers', 'laSettings', customerId] as const,
};

export type LaUserQuery = Omit<QueryOf<'/api/v1/la-users/'>, 'page' | 'page_size'>;

export const laUsersQuery = (page: number, pageSize: number, q: LaUserQuery) =>
  queryOptions({
    queryKey: laUsersKeys.list({ page, pageSize, ...q }),
    queryFn: () =>
      api.get('/api/v1/la-users/', {
        params: { query: { page, page_size: pageSize, ...q } },
        schema: itemsListSchema(laUserSchema),
      }),
    placeholderData: keepPreviousData,
  });
export const useLaUsers = (page: number, pageSize: number, q: LaUserQuery) => useQuery(laUsersQuery(page, pageSize, q));

/** Id and name of every login group. */
export const useLaLoginGroupChoices = () =>
  useQuery({
    queryKey: laUsersKeys.loginGroups(),
    queryFn: async () =>
      (
        await api.get('/api/v1/login-groups/', {
          params: { query: { page_size: MAX_PAGE_SIZE } },
          schema: itemsListSchema(loginGroupSchema),
        })
      ).items.map((g) => ({ id: g.id, name: g.name })),
    staleTime: 60_000,
  });

/** The customer's la settings: forced password generation hides the password fields, autologon off disables the switch. */
export const useLaSettings = (customerId: string) =>
  useQuery({
    queryKey: laUsersKeys.laSettings(customerId),
    queryFn: async () =>
      (
        await api.get('/api/v1/customers/{id}/settings/', {
          params: { path: { id: customerId } },
          schema: settingsResponseSchema,
        })
      ).settings.la,
    enabled: Boolean(customerId),
    staleTime: 60_000,
  });

export const useCreateLaUser = (ui: MutationUi<LaUser, LaUserInput> = {}) =>
  useApiMutation({
    mutationFn: (input: LaUserInput) => api.post('/api/v1/la-users/', { body: input, schema: laUserSchema }),
    invalidates: 'laUsers',
    ...ui,
  });
export interface UpdateLaUser {
  id: string;
  patch: LaUserPatch;
}
export const useUpdateLaUser = (ui: MutationUi<LaUser, UpdateLaUser> = {}) =>
  useApiMutation({
    mutationFn: ({ id, patch }: UpdateLaUser) =>
      api.patch('/api/v1/la-users/{id}/', { params: { path: { id } }, body: patch, schema: laUserSchema }),
    invalidates: 'laUsers',
    ...ui,
  });
export const useDeleteLaUser = (ui: MutationUi<void, LaUser> = {}) =>
  useApiMutation({
    mutationFn: (u: LaUser) => api.delete('/api/v1/la-users/{id}/', { params: { path: { id: u.id } } }),
    invalidates: 'laUsers',
    ...ui,
  });
