import type { Member, Role } from '@portiere/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export interface PagedList<T> {
  count: number;
  results: T[];
  next_page: number | null;
}
export interface RoleInput {
  name: string;
  description: string;
}

const one = (id: string) => `roles/${encodeURIComponent(id)}/`;

export const rolesQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['roles', 'list', { page, pageSize }],
    queryFn: () => api.get<PagedList<Role>>('roles/', { query: { page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
  });
export const roleQuery = (id: string) =>
  queryOptions({ queryKey: ['roles', 'one', id], queryFn: () => api.get<Role>(one(id)) });
export const roleUsersQuery = (id: string, authorised: boolean, search: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['roles', 'users', id, { authorised, search, page, pageSize }],
    queryFn: () =>
      api.get<PagedList<Member>>(`${one(id)}users/`, {
        query: { authorised, search: search || undefined, page, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });

export const createRole = (input: RoleInput) => api.post<Role>('roles/', input);
export const updateRole = (id: string, input: Partial<RoleInput>) => api.patch<Role>(one(id), input);
export const deleteRole = (id: string) => api.delete<void>(one(id));
export const authoriseUsers = (id: string, ids: string[]) =>
  api.post<{ done: number; skipped: number }>(`${one(id)}users/`, { ids });
export const removeRoleUser = (id: string, uid: string) =>
  api.delete<void>(`${one(id)}users/${encodeURIComponent(uid)}/`);
