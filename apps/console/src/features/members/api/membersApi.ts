import type { BULK_ACTIONS, Member, MemberDetail, MemberInput, MemberListQuery } from '@portiere/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, toErrorBody } from '../../../lib/api/apiError';
import { api, buildUrl } from '../../../lib/api/client';
import { getAccessToken } from '../../../lib/api/tokenRefresh';

export interface MemberList {
  count: number;
  results: Member[];
  next_page: number | null;
}

export interface Configuration {
  id: string;
  name: string;
  description: string;
  allowed_credential_types: string[];
}

export type BulkAction = (typeof BULK_ACTIONS)[number];
export type MemberQuery = Omit<MemberListQuery, 'page' | 'page_size'>;

const userPath = (id: string) => `users/${encodeURIComponent(id)}/`;

export const membersQuery = (page: number, pageSize: number, query: MemberQuery) =>
  queryOptions({
    queryKey: ['members', 'list', { page, pageSize, ...query }],
    queryFn: () => api.get<MemberList>('users/', { query: { page, page_size: pageSize, ...query } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const memberQuery = (id: string) =>
  queryOptions({
    queryKey: ['members', 'detail', id],
    queryFn: () => api.get<MemberDetail>(userPath(id)),
    staleTime: 0,
  });

export const groupsQuery = () =>
  queryOptions({
    queryKey: ['groups', 'all'],
    queryFn: () => api.get<{ count: number; results: Configuration[] }>('groups/', { query: { page_size: 500 } }),
    staleTime: 60_000,
  });

export const createMember = (input: MemberInput) => api.post<MemberDetail>('users/', input);
export const updateMember = (id: string, patch: Partial<MemberInput>) => api.patch<MemberDetail>(userPath(id), patch);
export const deleteMember = (id: string) => api.delete<void>(userPath(id));
export const blockMember = (id: string, blocked: boolean) =>
  api.post<MemberDetail>(`${userPath(id)}${blocked ? 'block' : 'unblock'}/`);
export const sendEnrollment = (id: string) => api.post<{ sent_to: string }>(`${userPath(id)}send-enrollment/`);
export const bulkMembers = (action: BulkAction, ids: string[]) =>
  api.post<{ done: number; skipped: number }>('users/bulk/', { action, ids });

/** File name from a content-disposition header, else the fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return m?.[1] ? decodeURIComponent(m[1]) : fallback;
}

/**
 * Streams the export with the bearer token (refreshed first like every call) and saves it
 * through a temporary object URL.
 */
export async function downloadExport(
  format: 'csv' | 'xlsx' | 'json',
  fileName: string,
  query: MemberQuery,
): Promise<string> {
  const token = await getAccessToken();
  const res = await fetch(buildUrl('users/export/', { ...query, format, file_name: fileName }), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new ApiError(res.status, toErrorBody(await res.json().catch(() => null)));
  const blob = await res.blob();
  const name = fileNameFrom(res.headers.get('content-disposition'), `${fileName}.${format}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
