import type { Member, WorkstationUser } from '@portiere/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export interface PagedList<T> {
  count: number;
  results: T[];
  next_page: number | null;
}

export const workstationUsersQuery = (page: number, pageSize: number, search: string) =>
  queryOptions({
    queryKey: ['workstation-users', { page, pageSize, search }],
    queryFn: () =>
      api.get<PagedList<WorkstationUser>>('workstation-users/', {
        query: { page, page_size: pageSize, search: search || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const setAutologon = (memberId: string, enabled: boolean) =>
  api.post<unknown>(`users/${encodeURIComponent(memberId)}/autologon/`, { enabled });

/** Member search for pickers: the first 10 matches. */
export const memberSearchQuery = (search: string) =>
  queryOptions({
    queryKey: ['members', 'picker', search],
    queryFn: () => api.get<PagedList<Member>>('users/', { query: { search: search || undefined, page_size: 10 } }),
    placeholderData: keepPreviousData,
  });
