import type { Configuration, Member } from '@portiere/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { ConfigurationInput } from '../lib/configurationForm';

export interface PagedList<T> {
  count: number;
  results: T[];
  next_page: number | null;
}
export interface BulkResult {
  done: number;
  skipped: number;
}

const one = (id: string) => `groups/${encodeURIComponent(id)}/`;

export const configurationsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['config-groups', 'list', { page, pageSize }],
    queryFn: () => api.get<PagedList<Configuration>>('groups/', { query: { page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
  });
export const configurationQuery = (id: string) =>
  queryOptions({ queryKey: ['config-groups', 'one', id], queryFn: () => api.get<Configuration>(one(id)) });
export const configurationMembersQuery = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['config-groups', 'members', id, { page, pageSize }],
    queryFn: () => api.get<PagedList<Member>>(`${one(id)}users/`, { query: { page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
  });

export const createConfiguration = (input: ConfigurationInput) => api.post<Configuration>('groups/', input);
export const updateConfiguration = (id: string, input: Partial<ConfigurationInput>) =>
  api.patch<Configuration>(one(id), input);
export const deleteConfiguration = (id: string) => api.delete<void>(one(id));
export const addConfigurationMembers = (id: string, ids: string[]) => api.post<BulkResult>(`${one(id)}users/`, { ids });
export const removeConfigurationMember = (id: string, uid: string) =>
  api.delete<void>(`${one(id)}users/${encodeURIComponent(uid)}/`);
