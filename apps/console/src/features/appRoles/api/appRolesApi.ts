import {
  type AppRole,
  type AppRoleInput,
  applicationSchema,
  appRoleSchema,
  configurationSchema,
  flowSchema,
  pagedListSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';
import type { AppRoleQuery } from '../lib/appRoleForm';

/**
 * Query keys of the app roles area. The choices (applications, groups, flows) are read under this
 * area: writes to those areas refresh them through SHOWN_IN.
 */
export const appRolesKeys = {
  ...areaKeys('appRoles'),
  choices: (kind: 'applications' | 'groups' | 'flows') => ['appRoles', 'choices', kind] as const,
};

const ALL = { page_size: 500 };

export const appRolesQuery = (page: number, pageSize: number, q: AppRoleQuery) =>
  queryOptions({
    queryKey: appRolesKeys.list({ page, pageSize, ...q }),
    queryFn: () =>
      api.get('/api/v1/app-roles/', {
        params: { query: { page, page_size: pageSize, ...q } },
        schema: pagedListSchema(appRoleSchema),
      }),
    placeholderData: keepPreviousData,
  });

const choices = {
  applications: () =>
    api.get('/api/v1/applications/', { params: { query: ALL }, schema: pagedListSchema(applicationSchema) }),
  groups: () => api.get('/api/v1/groups/', { params: { query: ALL }, schema: pagedListSchema(configurationSchema) }),
  flows: () => api.get('/api/v1/flows/', { params: { query: ALL }, schema: pagedListSchema(flowSchema) }),
};

/** Id and name of every application (and whether it is a RADIUS one), configuration group and flow of the customer. */
export const appRoleChoicesQuery = (kind: keyof typeof choices) =>
  queryOptions({
    queryKey: appRolesKeys.choices(kind),
    queryFn: async () =>
      (await choices[kind]()).results.map((r) => ({
        id: r.id,
        name: r.name,
        radius: 'type' in r && r.type === 'radius',
      })),
    staleTime: 60_000,
  });

export const useAppRoles = (page: number, pageSize: number, q: AppRoleQuery) =>
  useQuery(appRolesQuery(page, pageSize, q));
export const useAppRoleChoices = (kind: keyof typeof choices) => useQuery(appRoleChoicesQuery(kind));

/** Create (no id) or update an app role. */
export interface SaveAppRole {
  id?: string;
  input: AppRoleInput;
}
export const useSaveAppRole = (ui: MutationUi<AppRole, SaveAppRole> = {}) =>
  useApiMutation({
    mutationFn: ({ id, input }: SaveAppRole) =>
      id
        ? api.patch('/api/v1/app-roles/{id}/', { params: { path: { id } }, body: input, schema: appRoleSchema })
        : api.post('/api/v1/app-roles/', { body: input, schema: appRoleSchema }),
    invalidates: 'appRoles',
    ...ui,
  });
export const useDeleteAppRole = (ui: MutationUi<void, AppRole> = {}) =>
  useApiMutation({
    mutationFn: (r: AppRole) => api.delete('/api/v1/app-roles/{id}/', { params: { path: { id: r.id } } }),
    invalidates: 'appRoles',
    ...ui,
  });
