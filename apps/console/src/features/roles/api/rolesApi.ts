import {
  type BulkResult,
  bulkResultSchema,
  type Member,
  memberSchema,
  pagedListSchema,
  type Role,
  roleSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type BodyOf, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

export type RoleInput = BodyOf<'/api/v1/roles/', 'post'>;

/** What the role's members tab reads of roles/{id}/users/: who is (not) authorised, the search, the grid's paging. */
export type RoleUsersQuery = Required<Pick<QueryOf<'/api/v1/roles/{id}/users/'>, 'authorised' | 'search'>> & {
  page: number;
  pageSize: number;
};

/** Query keys of the roles area. */
export const rolesKeys = {
  ...areaKeys('roles'),
  users: (id: string, query: RoleUsersQuery) => ['roles', 'detail', id, 'users', query] as const,
};

/** The list's filters (roles/: search, empty). */
export type RoleQuery = Omit<QueryOf<'/api/v1/roles/'>, 'page' | 'page_size'>;

export const rolesQuery = (page: number, pageSize: number, query: RoleQuery = {}) =>
  queryOptions({
    queryKey: rolesKeys.list({ page, pageSize, ...query }),
    queryFn: () =>
      api.get('/api/v1/roles/', {
        params: { query: { ...query, page, page_size: pageSize } },
        schema: pagedListSchema(roleSchema),
      }),
    placeholderData: keepPreviousData,
  });
export const roleQuery = (id: string) =>
  queryOptions({
    queryKey: rolesKeys.detail(id),
    queryFn: () => api.get('/api/v1/roles/{id}/', { params: { path: { id } }, schema: roleSchema }),
  });
export const roleUsersQuery = (id: string, q: RoleUsersQuery) =>
  queryOptions({
    queryKey: rolesKeys.users(id, q),
    queryFn: () =>
      api.get('/api/v1/roles/{id}/users/', {
        params: {
          path: { id },
          query: { authorised: q.authorised, search: q.search || undefined, page: q.page, page_size: q.pageSize },
        },
        schema: pagedListSchema(memberSchema),
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
      id
        ? api.patch('/api/v1/roles/{id}/', { params: { path: { id } }, body: input, schema: roleSchema })
        : api.post('/api/v1/roles/', { body: input, schema: roleSchema }),
    invalidates: 'roles',
    ...ui,
  });
export const useDeleteRole = (ui: MutationUi<void, Role> = {}) =>
  useApiMutation({
    mutationFn: (r: Role) => api.delete('/api/v1/roles/{id}/', { params: { path: { id: r.id } } }),
    invalidates: 'roles',
    ...ui,
  });
export const useAuthoriseRoleUser = (roleId: string, ui: MutationUi<BulkResult, Member> = {}) =>
  useApiMutation({
    mutationFn: (m: Member) =>
      api.post('/api/v1/roles/{id}/users/', {
        params: { path: { id: roleId } },
        body: { ids: [m.id] },
        schema: bulkResultSchema,
      }),
    invalidates: 'roles',
    ...ui,
  });
export const useRemoveRoleUser = (roleId: string, ui: MutationUi<void, Member> = {}) =>
  useApiMutation({
    mutationFn: (m: Member) =>
      api.delete('/api/v1/roles/{id}/users/{uid}/', { params: { path: { id: roleId, uid: m.id } } }),
    invalidates: 'roles',
    ...ui,
  });
