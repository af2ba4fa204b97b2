import {
  itemsListSchema,
  type LaApp,
  type LoginGroup,
  type LoginGroupInput,
  type LoginGroupPatch,
  laAppSchema,
  loginGroupAppsResultSchema,
  loginGroupSchema,
  MAX_PAGE_SIZE,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

/** Query keys of the login groups area; a group's apps and the apps it could add are read here too. */
export const loginGroupsKeys = {
  ...areaKeys('loginGroups'),
  apps: (groupId: string, params: object) => ['loginGroups', 'apps', groupId, params] as const,
  candidates: (groupId: string) => ['loginGroups', 'candidates', groupId] as const,
};

export type LoginGroupQuery = Omit<QueryOf<'/api/v1/login-groups/'>, 'page' | 'page_size'>;

export const loginGroupsQuery = (page: number, pageSize: number, q: LoginGroupQuery) =>
  queryOptions({
    queryKey: loginGroupsKeys.list({ page, pageSize, ...q }),
    queryFn: () =>
      api.get('/api/v1/login-groups/', {
        params: { query: { page, page_size: pageSize, ...q } },
        schema: itemsListSchema(loginGroupSchema),
      }),
    placeholderData: keepPreviousData,
  });
export const useLoginGroups = (page: number, pageSize: number, q: LoginGroupQuery) =>
  useQuery(loginGroupsQuery(page, pageSize, q));

export const useLoginGroup = (id: string) =>
  useQuery({
    queryKey: loginGroupsKeys.detail(id),
    queryFn: () => api.get('/api/v1/login-groups/{id}/', { params: { path: { id } }, schema: loginGroupSchema }),
    retry: false,
  });

/** The apps of a group, paged by the server. */
export const useLoginGroupApps = (groupId: string, page: number, pageSize: number) =>
  useQuery({
    queryKey: loginGroupsKeys.apps(groupId, { page, pageSize }),
    queryFn: () =>
      api.get('/api/v1/la-apps/', {
        params: { query: { login_group_id: groupId, page, page_size: pageSize } },
        schema: itemsListSchema(laAppSchema),
      }),
    placeholderData: keepPreviousData,
  });

/** The apps not yet in a group: what "Add applications" offers. */
export const useLoginGroupCandidates = (groupId: string, enabled: boolean) =>
  useQuery({
    queryKey: loginGroupsKeys.candidates(groupId),
    queryFn: async () =>
      (
        await api.get('/api/v1/la-apps/', {
          params: { query: { not_in_login_group_id: groupId, page_size: MAX_PAGE_SIZE } },
          schema: itemsListSchema(laAppSchema),
        })
      ).items,
    enabled,
  });

export const useCreateLoginGroup = (ui: MutationUi<LoginGroup, LoginGroupInput> = {}) =>
  useApiMutation({
    mutationFn: (input: LoginGroupInput) =>
      api.post('/api/v1/login-groups/', { body: input, schema: loginGroupSchema }),
    invalidates: 'loginGroups',
    ...ui,
  });
export interface UpdateLoginGroup {
  id: string;
  patch: LoginGroupPatch;
}
export const useUpdateLoginGroup = (ui: MutationUi<LoginGroup, UpdateLoginGroup> = {}) =>
  useApiMutation({
    mutationFn: ({ id, patch }: UpdateLoginGroup) =>
      api.patch('/api/v1/login-groups/{id}/', { params: { path: { id } }, body: patch, schema: loginGroupSchema }),
    invalidates: 'loginGroups',
    ...ui,
  });
export const useDeleteLoginGroup = (ui: MutationUi<void, LoginGroup> = {}) =>
  useApiMutation({
    mutationFn: (g: LoginGroup) => api.delete('/api/v1/login-groups/{id}/', { params: { path: { id: g.id } } }),
    invalidates: 'loginGroups',
    ...ui,
  });

export interface AddGroupApps {
  groupId: string;
  appIds: string[];
}
export const useAddLoginGroupApps = (ui: MutationUi<{ added: number }, AddGroupApps> = {}) =>
  useApiMutation({
    mutationFn: ({ groupId, appIds }: AddGroupApps) =>
      api.post('/api/v1/login-groups/{id}/applications/', {
        params: { path: { id: groupId } },
        body: { appIds },
        schema: loginGroupAppsResultSchema,
      }),
    invalidates: 'loginGroups',
    ...ui,
  });
export interface RemoveGroupApp {
  groupId: string;
  app: LaApp;
}
export const useRemoveLoginGroupApp = (ui: MutationUi<void, RemoveGroupApp> = {}) =>
  useApiMutation({
    mutationFn: ({ groupId, app }: RemoveGroupApp) =>
      api.delete('/api/v1/login-groups/{id}/applications/{appId}/', {
        params: { path: { id: groupId, appId: app.id } },
      }),
    invalidates: 'loginGroups',
    ...ui,
  });
