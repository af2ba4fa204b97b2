import {
  type BulkResult,
  bulkResultSchema,
  type Configuration,
  configurationSchema,
  memberSchema,
  pagedListSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';
import type { ConfigurationInput } from '../lib/configurationForm';

/** Query keys of the configurations area. */
export const configurationsKeys = {
  ...areaKeys('configurations'),
  members: (id: string, paging: { page: number; pageSize: number }) =>
    ['configurations', 'detail', id, 'members', paging] as const,
};

/** The list's filters (groups/: search, web_login, workstation_login, biometry). */
export type ConfigurationQuery = Omit<QueryOf<'/api/v1/groups/'>, 'page' | 'page_size'>;

export const configurationsQuery = (page: number, pageSize: number, query: ConfigurationQuery = {}) =>
  queryOptions({
    queryKey: configurationsKeys.list({ page, pageSize, ...query }),
    queryFn: () =>
      api.get('/api/v1/groups/', {
        params: { query: { ...query, page, page_size: pageSize } },
        schema: pagedListSchema(configurationSchema),
      }),
    placeholderData: keepPreviousData,
  });
export const configurationQuery = (id: string) =>
  queryOptions({
    queryKey: configurationsKeys.detail(id),
    queryFn: () => api.get('/api/v1/groups/{id}/', { params: { path: { id } }, schema: configurationSchema }),
  });
export const configurationMembersQuery = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: configurationsKeys.members(id, { page, pageSize }),
    queryFn: () =>
      api.get('/api/v1/groups/{id}/users/', {
        params: { path: { id }, query: { page, page_size: pageSize } },
        schema: pagedListSchema(memberSchema),
      }),
    placeholderData: keepPreviousData,
  });

export const useConfigurations = (page: number, pageSize: number, query: ConfigurationQuery = {}) =>
  useQuery(configurationsQuery(page, pageSize, query));
export const useConfiguration = (id: string) => useQuery({ ...configurationQuery(id), retry: false });
export const useConfigurationMembers = (id: string, page: number, pageSize: number) =>
  useQuery(configurationMembersQuery(id, page, pageSize));

/** Create (no id) or update a configuration. */
export interface SaveConfiguration {
  id?: string;
  input: ConfigurationInput;
}
export const useSaveConfiguration = (ui: MutationUi<Configuration, SaveConfiguration> = {}) =>
  useApiMutation({
    mutationFn: ({ id, input }: SaveConfiguration) =>
      id
        ? api.patch('/api/v1/groups/{id}/', { params: { path: { id } }, body: input, schema: configurationSchema })
        : api.post('/api/v1/groups/', { body: input, schema: configurationSchema }),
    invalidates: 'configurations',
    ...ui,
  });
export const useDeleteConfiguration = (ui: MutationUi<void, Configuration> = {}) =>
  useApiMutation({
    mutationFn: (c: Configuration) => api.delete('/api/v1/groups/{id}/', { params: { path: { id: c.id } } }),
    invalidates: 'configurations',
    ...ui,
  });

/** Moving members into a configuration changes both areas. */
export const useAddConfigurationMembers = (id: string, ui: MutationUi<BulkResult, string[]> = {}) =>
  useApiMutation({
    mutationFn: (ids: string[]) =>
      api.post('/api/v1/groups/{id}/users/', { params: { path: { id } }, body: { ids }, schema: bulkResultSchema }),
    invalidates: ['configurations', 'members'],
    ...ui,
  });
export const useRemoveConfigurationMember = (id: string, ui: MutationUi<void, { id: string; username: string }> = {}) =>
  useApiMutation({
    mutationFn: (member: { id: string; username: string }) =>
      api.delete('/api/v1/groups/{id}/users/{uid}/', { params: { path: { id, uid: member.id } } }),
    invalidates: ['configurations', 'members'],
    ...ui,
  });
