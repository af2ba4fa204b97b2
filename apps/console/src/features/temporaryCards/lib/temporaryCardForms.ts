import { fieldError } from '@portiere/contracts';
import type { TFunction } from 'i18next';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import type { TemporaryCardCreate } from '../api/temporaryCardsApi';

export const MAX_CARDS = 500;

export type CreateMode = 'count' | 'code';
export interface CreateTemporaryCardsValues {
  mode: CreateMode;
  count: string;
  cardCode: string;
}
export const emptyCreateTemporaryCards: CreateTemporaryCardsValues = { mode: 'count', count: '10', cardCode: '' };

/** Field errors (translated) of the Create cards form, or the request body when valid. */
export function createTemporaryCardsInput(
  t: TFunction,
  v: CreateTemporaryCardsValues,
): { errors: Partial<Record<'count' | 'cardCode', string>>; input?: TemporaryCardCreate } {
  if (v.mode === 'code') {
    const code = v.cardCode.trim();
    if (!code) return { errors: { cardCode: fieldErrorMessage(t, fieldError('required')) } };
    if (!/^\d+$/.test(code)) return { errors: { cardCode: fieldErrorMessage(t, fieldError('onlyNumbers')) } };
    return { errors: {}, input: { count: 1, cardCode: code } };
  }
  const n = Number(v.count);
  if (!v.count.trim()) return { errors: { count: fieldErrorMessage(t, fieldError('required')) } };
  if (!Number.isInteger(n) || n < 1 || n > MAX_CARDS)
    return { errors: { count: fieldErrorMessage(t, fieldError('range', { min: 1, max: MAX_CARDS })) } };
  return { errors: {}, input: { count: n } };
}

/** The expiration sent for a chosen day: the end of that day, local time, as ISO. */
export function expirationOf(day: { endOf: (u: 'day') => { toISOString: () => string } }): string {
  return day.endOf('day').toISOString();
}
