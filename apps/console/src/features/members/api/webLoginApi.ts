import { type MemberSignIn, memberSignInSchema, pagedListSchema } from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { membersKeys } from './membersApi';

export type SignInOutcome = MemberSignIn['outcome'];
const signInList = pagedListSchema(memberSignInSchema);

/** A member's web login history, newest first (written by the server as members sign in). */
export const webLoginHistoryQuery = (memberId: string, page: number, pageSize: number, outcome: SignInOutcome | null) =>
  queryOptions({
    queryKey: [...membersKeys.detail(memberId), 'signIns', { page, pageSize, outcome }] as const,
    queryFn: () =>
      api.get('/api/v1/users/{id}/sign-ins/', {
        params: { path: { id: memberId }, query: { page, page_size: pageSize, outcome: outcome ?? undefined } },
        schema: signInList,
      }),
    placeholderData: keepPreviousData,
    // Members sign in while the page is open: shown again, the list is read afresh.
    staleTime: 0,
  });

export const useWebLoginHistory = (memberId: string, page: number, pageSize: number, outcome: SignInOutcome | null) =>
  useQuery(webLoginHistoryQuery(memberId, page, pageSize, outcome));
