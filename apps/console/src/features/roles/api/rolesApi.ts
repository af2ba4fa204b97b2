import {
  type BulkResult,
  bulkResultSchema,
  type Member,
  memberSchema,
  pagedListSchema,
  type Role,
  type roleInputSchema,
  roleSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

export type RoleInput = z.infer<typeof roleInputSchema>;

export interface RoleUsersQuery {
  authorised: boolean;
  search: string;
  page: number;
  pageSize: number;
}

/** Query keys of the roles area. */
export const rolesKeys = {
  ...areaKeys('roles'),
  users: (id: string, query: RoleUsersQuery) => ['roles', 'detail', id, 'users', query] as const,
};

const one = (id: string) => `roles/${encodeURIComponent(id)}/`;

/** The list's filters (roles/: search, empty). */
export type RoleQuery = Record<string, string>;

export const rolesQuery = (page: number, pageSize: number, query: RoleQuery = {}) =>
  queryOptions({
    queryKey: rolesKeys.list({ page, pageSize, ...query }),
    queryFn: () =>
      api.get('roles/', { schema: pagedListSchema(roleSchema), query: { ...query, page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
  });
export const roleQuery = (id: string) =>
  queryOptions({ queryKey: rolesKeys.detail(id), queryFn: () => api.get(one(id), { schema: roleSchema }) });
export const roleUsersQuery = (id: string, q: RoleUsersQuery) =>
  queryOptions({
    queryKey: rolesKeys.users(id, q),
    queryFn: () =>
      api.get(`${one(id)}users/`, {
        schema: pagedListSchema(memberSchema),
        query: { authorised: q.authorised, search: q.search || undefined, page: q.page, page_size: q.pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export const useRoles = (page: number, pageSize: number, query: RoleQuery = {}) =>
  useQuery(rolesQuery(page, pageSize, query));
export const useRole = (id: string) => useQuery({ ...roleQuery(id), retry: false });
export const useRoleUsers = (id: string, q: RoleUsersQuery) => useQuery(roleUsersQuery(id, q));

/** Create (no id) or update a role group. */
export interface SaveRole {
  id?: string;
  input: RoleInput;
}
export const useSaveRole = (ui: MutationUi<Role, SaveRole> = {}) =>
  useApiMutation({
    mutationFn: ({ id, input }: SaveRole) =>
      id ? api.patch(one(id), input, { schema: roleSchema }) : api.post('roles/', input, { schema: roleSchema }),
    invalidates: 'roles',
    ...ui,
  });
export const useDeleteRole = (ui: MutationUi<void, Role> = {}) =>
  useApiMutation({ mutationFn: (r: Role) => api.delete(one(r.id)), invalidates: 'roles', ...ui });
export const useAuthoriseRoleUser = (roleId: string, ui: MutationUi<BulkResult, Member> = {}) =>
  useApiMutation({
    mutationFn: (m: Member) => api.post(`${one(roleId)}users/`, { ids: [m.id] }, { schema: bulkResultSchema }),
    invalidates: 'roles',
    ...ui,
  });
export const useRemoveRoleUser = (roleId: string, ui: MutationUi<void, Member> = {}) =>
  useApiMutation({
    mutationFn: (m: Member) => api.delete(`${one(roleId)}users/${encodeURIComponent(m.id)}/`),
    invalidates: 'roles',
    ...ui,
  });
