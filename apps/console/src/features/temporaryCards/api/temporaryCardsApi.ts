import {
  pagedListSchema,
  type TemporaryCard,
  type temporaryCardCreateSchema,
  type temporaryCardListQuerySchema,
  type temporaryCardPairSchema,
  temporaryCardSchema,
} from '@portiere/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type MutationUi, useApiMutation } from '../../../components/feedback/useApiMutation';
import { api } from '../../../lib/api/client';
import { areaKeys } from '../../../lib/api/queryKeys';

export type TemporaryCardListQuery = Pick<z.infer<typeof temporaryCardListQuerySchema>, 'status' | 'search'>;
export type TemporaryCardCreate = z.input<typeof temporaryCardCreateSchema>;
export type TemporaryCardPair = z.infer<typeof temporaryCardPairSchema>;

/** Query keys of the temporary cards area. */
export const temporaryCardsKeys = {
  ...areaKeys('temporaryCards'),
  pairable: (search: string) => ['temporaryCards', 'pairable', search] as const,
  member: (memberId: string) => ['temporaryCards', 'member', memberId] as const,
};

const cardList = pagedListSchema(temporaryCardSchema);
const memberPath = (memberId: string) => `users/${encodeURIComponent(memberId)}/temporary-card/`;

export const temporaryCardsQuery = (page: number, pageSize: number, q: TemporaryCardListQuery) =>
  queryOptions({
    queryKey: temporaryCardsKeys.list({ page, pageSize, ...q }),
    queryFn: () =>
      api.get('temporary-cards/', {
        schema: cardList,
        query: { page, page_size: pageSize, status: q.status, search: q.search || undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** Cards that can be paired: free ones and those whose pairing has expired. */
export const pairableTemporaryCardsQuery = (search: string) =>
  queryOptions({
    queryKey: temporaryCardsKeys.pairable(search),
    queryFn: async () => {
      const list = await api.get('temporary-cards/', {
        schema: cardList,
        query: { status: 'not_paired,expired', search: search || undefined, page_size: 20 },
      });
      return list.results;
    },
    placeholderData: keepPreviousData,
  });

/** The member's live pairing (null when none). */
export const memberTemporaryCardQuery = (memberId: string) =>
  queryOptions({
    queryKey: temporaryCardsKeys.member(memberId),
    queryFn: () => api.get(memberPath(memberId), { schema: temporaryCardSchema.nullable() }),
  });

export const useTemporaryCards = (page: number, pageSize: number, q: TemporaryCardListQuery) =>
  useQuery(temporaryCardsQuery(page, pageSize, q));
export const usePairableTemporaryCards = (search: string, enabled: boolean) =>
  useQuery({ ...pairableTemporaryCardsQuery(search), enabled });
export const useMemberTemporaryCard = (memberId: string) => useQuery(memberTemporaryCardQuery(memberId));

export const useCreateTemporaryCards = (ui: MutationUi<TemporaryCard[], TemporaryCardCreate> = {}) =>
  useApiMutation({
    mutationFn: (input: TemporaryCardCreate) =>
      api.post('temporary-cards/', input, { schema: temporaryCardSchema.array() }),
    invalidates: 'temporaryCards',
    ...ui,
  });
export const useDeleteTemporaryCard = (ui: MutationUi<void, TemporaryCard> = {}) =>
  useApiMutation({
    mutationFn: (card: TemporaryCard) => api.delete(`temporary-cards/${encodeURIComponent(card.id)}/`),
    invalidates: 'temporaryCards',
    ...ui,
  });
export const usePairTemporaryCard = (memberId: string, ui: MutationUi<TemporaryCard, TemporaryCardPair> = {}) =>
  useApiMutation({
    mutationFn: (body: TemporaryCardPair) => api.post(memberPath(memberId), body, { schema: temporaryCardSchema }),
    invalidates: 'temporaryCards',
    ...ui,
  });
/** Unpairs the member's card (`code` names it in the messages). */
export const useUnpairTemporaryCard = (ui: MutationUi<void, { memberId: string; code: string }> = {}) =>
  useApiMutation({
    mutationFn: ({ memberId }: { memberId: string; code: string }) => api.delete(memberPath(memberId)),
    invalidates: 'temporaryCards',
    success: (t, _r, { code }) => t('temporaryCards.unpaired', { code }),
    ...ui,
  });
