import { pagedListSchema, type TemporaryCard, temporaryCardSchema } from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api, type BodyOf, type QueryOf } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

export type TemporaryCardListQuery = Pick<QueryOf<'/api/v1/temporary-cards/'>, 'status' | 'search'>;
export type TemporaryCardCreate = BodyOf<'/api/v1/temporary-cards/', 'post'>;
export type TemporaryCardPair = BodyOf<'/api/v1/users/{id}/temporary-card/', 'post'>;

/** Query keys of the temporary cards area. */
export const temporaryCardsKeys = {
  ...areaKeys('temporaryCards'),
  pairable: (search: string) => ['temporaryCards', 'pairable', search] as const,
  member: (memberId: string) => ['temporaryCards', 'member', memberId] as const,
};

const cardList = pagedListSchema(temporaryCardSchema);
const member = (memberId: string) => ({ path: { id: memberId } });

export const temporaryCardsQuery = (page: number, pageSize: number, q: TemporaryCardListQuery) =>
  queryOptions({
    queryKey: temporaryCardsKeys.list({ page, pageSize, ...q }),
    queryFn: () =>
      api.get('/api/v1/temporary-cards/', {
        params: { query: { page, page_size: pageSize, status: q.status, search: q.search || undefined } },
        schema: cardList,
      }),
    placeholderData: keepPreviousData,
  });

/** Cards that can be paired: free ones and those whose pairing has expired. */
export const pairableTemporaryCardsQuery = (search: string) =>
  queryOptions({
    queryKey: temporaryCardsKeys.pairable(search),
    queryFn: async () => {
      const list = await api.get('/api/v1/temporary-cards/', {
        params: { query: { status: ['not_paired', 'expired'], search: search || undefined, page_size: 20 } },
        schema: cardList,
      });
      return list.results;
    },
    placeholderData: keepPreviousData,
  });

/** The member's live pairing (null when none). */
export const memberTemporaryCardQuery = (memberId: string) =>
  queryOptions({
    queryKey: temporaryCardsKeys.member(memberId),
    queryFn: () =>
      api.get('/api/v1/users/{id}/temporary-card/', {
        params: member(memberId),
        schema: temporaryCardSchema.nullable(),
      }),
  });

export const useTemporaryCards = (page: number, pageSize: number, q: TemporaryCardListQuery) =>
  useQuery(temporaryCardsQuery(page, pageSize, q));
export const usePairableTemporaryCards = (search: string, enabled: boolean) =>
  useQuery({ ...pairableTemporaryCardsQuery(search), enabled });
export const useMemberTemporaryCard = (memberId: string) => useQuery(memberTemporaryCardQuery(memberId));

export const useCreateTemporaryCards = (ui: MutationUi<TemporaryCard[], TemporaryCardCreate> = {}) =>
  useApiMutation({
    mutationFn: (input: TemporaryCardCreate) =>
      api.post('/api/v1/temporary-cards/', { body: input, schema: temporaryCardSchema.array() }),
    invalidates: 'temporaryCards',
    ...ui,
  });
export const useDeleteTemporaryCard = (ui: MutationUi<void, TemporaryCard> = {}) =>
  useApiMutation({
    mutationFn: (card: TemporaryCard) =>
      api.delete('/api/v1/temporary-cards/{id}/', { params: { path: { id: card.id } } }),
    invalidates: 'temporaryCards',
    ...ui,
  });
export const usePairTemporaryCard = (memberId: string, ui: MutationUi<TemporaryCard, TemporaryCardPair> = {}) =>
  useApiMutation({
    mutationFn: (body: TemporaryCardPair) =>
      api.post('/api/v1/users/{id}/temporary-card/', { params: member(memberId), body, schema: temporaryCardSchema }),
    invalidates: 'temporaryCards',
    ...ui,
  });
/** Unpairs the member's card (`code` names it in the messages). */
export const useUnpairTemporaryCard = (ui: MutationUi<void, { memberId: string; code: string }> = {}) =>
  useApiMutation({
    mutationFn: ({ memberId }: { memberId: string; code: string }) =>
      api.delete('/api/v1/users/{id}/temporary-card/', { params: member(memberId) }),
    invalidates: 'temporaryCards',
    success: (t, _r, { code }) => t('temporaryCards.unpaired', { code }),
    ...ui,
  });
