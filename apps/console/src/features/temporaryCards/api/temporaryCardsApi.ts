import type { TemporaryCard } from '@portiere/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export interface CardList {
  count: number;
  results: TemporaryCard[];
  next_page: number | null;
}

export interface CardListQuery {
  /** One status or several, comma-separated. */
  status?: string;
  search?: string;
}

export const temporaryCardsQuery = (page: number, pageSize: number, q: CardListQuery) =>
  queryOptions({
    queryKey: ['temporary-cards', { page, pageSize, ...q }],
    queryFn: () =>
      api.get<CardList>('temporary-cards/', {
        query: { page, page_size: pageSize, status: q.status, search: q.search || undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** Cards that can be paired: free ones and those whose pairing has expired. */
export const pairableTemporaryCardsQuery = (search: string) =>
  queryOptions({
    queryKey: ['temporary-cards', 'pairable', search],
    queryFn: async () => {
      const list = await api.get<CardList>('temporary-cards/', {
        query: { status: 'not_paired,expired', search: search || undefined, page_size: 20 },
      });
      return list?.results ?? [];
    },
    placeholderData: keepPreviousData,
  });

export type CardCreateInput = { count: number } | { count: 1; cardCode: string };
export const createTemporaryCards = (input: CardCreateInput) => api.post<TemporaryCard[]>('temporary-cards/', input);
export const deleteTemporaryCard = (id: string) => api.delete<void>(`temporary-cards/${encodeURIComponent(id)}/`);

const memberPath = (memberId: string) => `users/${encodeURIComponent(memberId)}/temporary-card/`;

/** The member's live pairing (null when none). */
export const memberTemporaryCardQuery = (memberId: string) =>
  queryOptions({
    queryKey: ['temporary-cards', 'member', memberId],
    queryFn: () => api.get<TemporaryCard | null>(memberPath(memberId)),
  });

export const pairTemporaryCard = (memberId: string, cardId: string, expirationDate: string) =>
  api.post<TemporaryCard>(memberPath(memberId), { card_id: cardId, expiration_date: expirationDate });
export const unpairTemporaryCard = (memberId: string) => api.delete<void>(memberPath(memberId));
