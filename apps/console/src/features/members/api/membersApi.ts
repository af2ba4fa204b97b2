import {
  type BULK_ACTIONS,
  type BulkResult,
  bulkResultSchema,
  configurationSchema,
  countSchema,
  type EXPORT_FORMATS,
  type MemberDetail,
  type MemberInput,
  memberDetailSchema,
  memberListSchema,
  pagedListSchema,
  sentToSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type QueryOf } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/api/download';
import { areaKeys } from '../../../lib/api/queryKeys';

export type BulkAction = (typeof BULK_ACTIONS)[number];
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type MemberQuery = Omit<QueryOf<'/api/v1/users/'>, 'page' | 'page_size'>;
type SentTo = z.infer<typeof sentToSchema>;

/** Query keys of the members area (members, their credentials, and the lists the members screens need). */
export const membersKeys = {
  ...areaKeys('members'),
  credentials: (memberId: string) => ['members', 'detail', memberId, 'credentials'] as const,
  /** The configurations the member form and filters offer (refreshed by any configuration write). */
  configurationOptions: () => ['members', 'configurationOptions'] as const,
  search: (search: string) => ['members', 'search', search] as const,
  /** The exact count of what a list query's filters keep, whatever its page. */
  count: (query: MemberQuery) => ['members', 'count', query] as const,
};

const user = (id: string) => ({ path: { id } });
const memberList = memberListSchema;

export const membersQuery = (page: number, pageSize: number, query: MemberQuery) =>
  queryOptions({
    queryKey: membersKeys.list({ page, pageSize, ...query }),
    queryFn: () =>
      api.get('/api/v1/users/', { params: { query: { page, page_size: pageSize, ...query } }, schema: memberList }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * The exact count of the members `query` keeps (users/count/): asked after a page whose count
 * was an estimate. Kept for a while, so that paging on through the same search asks once.
 */
export const memberCountQuery = (query: MemberQuery) =>
  queryOptions({
    queryKey: membersKeys.count(query),
    queryFn: () => api.get('/api/v1/users/count/', { params: { query }, schema: countSchema }),
    staleTime: 30_000,
  });

export const memberQuery = (id: string) =>
  queryOptions({
    queryKey: membersKeys.detail(id),
    queryFn: () => api.get('/api/v1/users/{id}/', { params: user(id), schema: memberDetailSchema }),
    staleTime: 0,
  });

/** Every configuration, for the member form's choice and the group filter. */
export const configurationOptionsQuery = () =>
  queryOptions({
    queryKey: membersKeys.configurationOptions(),
    queryFn: () =>
      api.get('/api/v1/groups/', {
        params: { query: { page_size: 500 } },
        schema: pagedListSchema(configurationSchema),
      }),
    staleTime: 60_000,
  });

/** Member search for pickers: the first 10 matches. */
export const memberSearchQuery = (search: string) =>
  queryOptions({
    queryKey: membersKeys.search(search),
    queryFn: () =>
      api.get('/api/v1/users/', {
        params: { query: { search: search || undefined, page_size: 10 } },
        schema: memberList,
      }),
    placeholderData: keepPreviousData,
  });

/** The member search the shared member picker uses (provided to it by the app). */
export function useMemberSearch(search: string) {
  const list = useQuery(memberSearchQuery(search));
  return { members: list.data?.results ?? [], isFetching: list.isFetching };
}

export const useMembers = (page: number, pageSize: number, query: MemberQuery) =>
  useQuery(membersQuery(page, pageSize, query));
/**
 * A page of members and its count: the page's, or, when that is an estimate, the exact count
 * fetched after it (the estimate shows, marked, until it comes).
 */
export function useMembersWithCount(page: number, pageSize: number, query: MemberQuery) {
  const list = useMembers(page, pageSize, query);
  const estimated = list.data?.count_estimated === true;
  // Asked once this query's own page says so (a page shown from the previous query while the
  // next loads says nothing of it); a count already fetched for the query shows at once.
  const exact = useQuery({ ...memberCountQuery(query), enabled: estimated && !list.isPlaceholderData });
  const exactCount = estimated ? exact.data?.count : undefined;
  return { list, count: exactCount ?? list.data?.count ?? 0, countEstimated: estimated && exactCount === undefined };
}
export const useMember = (id: string) => useQuery({ ...memberQuery(id), retry: false });
export const useConfigurationOptions = () => useQuery(configurationOptionsQuery());

/** Keeps the saved member in the cache right away (the refresh that follows confirms it). */
function useStoreMember() {
  const queryClient = useQueryClient();
  return (saved: MemberDetail) => queryClient.setQueryData(memberQuery(saved.id).queryKey, saved);
}

export function useCreateMember(ui: MutationUi<MemberDetail, MemberInput> = {}) {
  const store = useStoreMember();
  return useApiMutation({
    mutationFn: (input: MemberInput) => api.post('/api/v1/users/', { body: input, schema: memberDetailSchema }),
    invalidates: 'members',
    ...ui,
    onSuccess: (saved, input) => {
      store(saved);
      return ui.onSuccess?.(saved, input);
    },
  });
}

export function useUpdateMember(ui: MutationUi<MemberDetail, { id: string; patch: Partial<MemberInput> }> = {}) {
  const store = useStoreMember();
  return useApiMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Partial<MemberInput> }) =>
      api.patch('/api/v1/users/{id}/', { params: user(id), body: patch, schema: memberDetailSchema }),
    invalidates: 'members',
    ...ui,
    onSuccess: (saved, vars) => {
      store(saved);
      return ui.onSuccess?.(saved, vars);
    },
  });
}

export function useBlockMember(ui: MutationUi<MemberDetail, { id: string; blocked: boolean }> = {}) {
  const store = useStoreMember();
  return useApiMutation({
    mutationFn: ({ id, blocked }: { id: string; blocked: boolean }) =>
      api.post(blocked ? '/api/v1/users/{id}/block/' : '/api/v1/users/{id}/unblock/', {
        params: user(id),
        schema: memberDetailSchema,
      }),
    invalidates: 'members',
    ...ui,
    onSuccess: (saved, vars) => {
      store(saved);
      return ui.onSuccess?.(saved, vars);
    },
  });
}

export function useDeleteMember(ui: MutationUi<void, string> = {}) {
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (id: string) => api.delete('/api/v1/users/{id}/', { params: user(id) }),
    invalidates: 'members',
    ...ui,
    onSuccess: (data, id) => {
      queryClient.removeQueries({ queryKey: memberQuery(id).queryKey });
      return ui.onSuccess?.(data, id);
    },
  });
}

export const useSendEnrollment = (ui: MutationUi<SentTo, string> = {}) =>
  useApiMutation({
    mutationFn: (id: string) =>
      api.post('/api/v1/users/{id}/send-enrollment/', { params: user(id), schema: sentToSchema }),
    ...ui,
  });

export const useBulkMembers = (ui: MutationUi<BulkResult, { action: BulkAction; ids: string[] }> = {}) =>
  useApiMutation({
    mutationFn: (body: { action: BulkAction; ids: string[] }) =>
      api.post('/api/v1/users/bulk/', { body, schema: bulkResultSchema }),
    invalidates: 'members',
    ...ui,
  });

export interface ExportRequest {
  format: ExportFormat;
  fileName: string;
  query: MemberQuery;
}
export const useExportMembers = (ui: MutationUi<string, ExportRequest> = {}) =>
  useApiMutation({
    mutationFn: ({ format, fileName, query }: ExportRequest) => downloadExport(format, fileName, query),
    ...ui,
  });

/** Downloads the export of what the list filters, in its order. */
export const downloadExport = (format: ExportFormat, fileName: string, query: MemberQuery): Promise<string> =>
  downloadFile(
    '/api/v1/users/export/',
    { params: { query: { ...query, format, file_name: fileName } } },
    `${fileName}.${format}`,
  );
