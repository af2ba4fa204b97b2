import { type MemberSignIn, memberSignInSchema, pagedListSchema, type SignInChannelName } from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { membersKeys } from './membersApi';

export type SignInOutcome = MemberSignIn['outcome'];
const signInList = pagedListSchema(memberSignInSchema);

export interface SignInsQuery {
  channel: SignInChannelName;
  page: number;
  pageSize: number;
  outcome: SignInOutcome | null;
}

/** A member's sign-ins through one channel (web, workstation), newest first (written by the server as members sign in). */
export const signInsQuery = (memberId: string, { channel, page, pageSize, outcome }: SignInsQuery) =>
  queryOptions({
    queryKey: [...membersKeys.detail(memberId), 'signIns', { channel, page, pageSize, outcome }] as const,
    queryFn: () =>
      api.get('/api/v1/users/{id}/sign-ins/', {
        params: {
          path: { id: memberId },
          query: { page, page_size: pageSize, outcome: outcome ?? undefined, channel },
        },
        schema: signInList,
      }),
    placeholderData: keepPreviousData,
    // Members sign in while the page is open: shown again, the list is read afresh.
    staleTime: 0,
  });

export const useSignIns = (memberId: string, query: SignInsQuery) => useQuery(signInsQuery(memberId, query));
