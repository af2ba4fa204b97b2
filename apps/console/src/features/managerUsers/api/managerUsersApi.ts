import {
  type ApiKeyResetResponse,
  apiKeyResetResponseSchema,
  type ManagerUser,
  type ManagerUserCreate,
  type ManagerUserUpdate,
  managerUserSchema,
  pagedListSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, publicApi, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of a customer's manager users. */
export const managerUsersKeys = areaKeys('managerUsers');

const one = (customerId: string, userId: string) => ({ path: { id: customerId, userId } });

export type ManagerUserQuery = Omit<QueryOf<'/api/v1/customers/{id}/manager-users/'>, 'page' | 'page_size'>;

export const managerUsersQuery = (customerId: string, page: number, pageSize: number, q: ManagerUserQuery) =>
  queryOptions({
    queryKey: managerUsersKeys.list({ customerId, page, pageSize, ...q }),
    queryFn: () =>
      api.get('/api/v1/customers/{id}/manager-users/', {
        params: { path: { id: customerId }, query: { page, page_size: pageSize, ...q } },
        schema: pagedListSchema(managerUserSchema),
      }),
    placeholderData: keepPreviousData,
  });
export const useManagerUsers = (customerId: string, page: number, pageSize: number, q: ManagerUserQuery) =>
  useQuery(managerUsersQuery(customerId, page, pageSize, q));

/** Create (no id: a temporary password is mailed) or update scopes and expiration (only what changed). */
export type SaveManagerUser = { id?: undefined; input: ManagerUserCreate } | { id: string; input: ManagerUserUpdate };
export const useSaveManagerUser = (customerId: string, ui: MutationUi<ManagerUser, SaveManagerUser> = {}) =>
  useApiMutation({
    mutationFn: (save: SaveManagerUser) =>
      save.id !== undefined
        ? api.patch('/api/v1/customers/{id}/manager-users/{userId}/', {
            params: one(customerId, save.id),
            body: save.input,
            schema: managerUserSchema,
          })
        : api.post('/api/v1/customers/{id}/manager-users/', {
            params: { path: { id: customerId } },
            body: save.input,
            schema: managerUserSchema,
          }),
    invalidates: 'managerUsers',
    ...ui,
  });

/** A new API key, answered once (not kept in the mutation cache); the old one stops working. */
export const useResetApiKey = (customerId: string, ui: MutationUi<ApiKeyResetResponse, ManagerUser> = {}) =>
  useApiMutation({
    mutationFn: (u: ManagerUser) =>
      api.post('/api/v1/customers/{id}/manager-users/{userId}/reset-api-key/', {
        params: one(customerId, u.id),
        schema: apiKeyResetResponseSchema,
      }),
    invalidates: 'managerUsers',
    secret: true,
    ...ui,
  });

/** A temporary password mailed to the user, to be changed at the next sign-in. */
export const useResetPassword = (customerId: string, ui: MutationUi<undefined, ManagerUser> = {}) =>
  useApiMutation({
    mutationFn: (u: ManagerUser) =>
      api.post('/api/v1/customers/{id}/manager-users/{userId}/reset-password/', { params: one(customerId, u.id) }),
    invalidates: 'managerUsers',
    ...ui,
  });

/** Mails a confirmation link to the new address; the change applies once it is followed. */
export interface ChangeEmail {
  user: ManagerUser;
  email: string;
}
export const useChangeEmail = (customerId: string, ui: MutationUi<ManagerUser, ChangeEmail> = {}) =>
  useApiMutation({
    mutationFn: ({ user, email }: ChangeEmail) =>
      api.post('/api/v1/customers/{id}/manager-users/{userId}/change-email/', {
        params: one(customerId, user.id),
        body: { email },
        schema: managerUserSchema,
      }),
    invalidates: 'managerUsers',
    ...ui,
  });

export interface SetBlocked {
  user: ManagerUser;
  blocked: boolean;
}
export const useSetManagerUserBlocked = (customerId: string, ui: MutationUi<ManagerUser, SetBlocked> = {}) =>
  useApiMutation({
    mutationFn: ({ user, blocked }: SetBlocked) =>
      api.post(
        blocked
          ? '/api/v1/customers/{id}/manager-users/{userId}/block/'
          : '/api/v1/customers/{id}/manager-users/{userId}/unblock/',
        { params: one(customerId, user.id), schema: managerUserSchema },
      ),
    invalidates: 'managerUsers',
    ...ui,
  });

/** The public confirmation of an email change (the link's token; no sign-in). */
export const useConfirmEmail = (ui: MutationUi<undefined, string> = {}) =>
  useApiMutation({
    mutationFn: (token: string) => publicApi.post('/api/v1/staff/confirm-email/', { body: { token } }),
    ...ui,
  });
