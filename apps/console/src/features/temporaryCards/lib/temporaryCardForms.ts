import { temporaryCardCreateSchema, temporaryCardPairFieldErrors, temporaryCardPairSchema } from '@portiere/contracts';
import type { Dayjs } from 'dayjs';
import { z } from 'zod';
import { digitsText, numberText } from '../../../components/forms/formSchemas';

const { count, cardCode } = temporaryCardCreateSchema.shape;
export const MAX_CARDS = count.unwrap().maxValue ?? 500;

export type CreateMode = 'count' | 'code';
export interface CreateTemporaryCardsValues {
  mode: CreateMode;
  count: string;
  cardCode: string;
}
export const emptyCreateTemporaryCards: CreateTemporaryCardsValues = { mode: 'count', count: '10', cardCode: '' };

/**
 * The Create cards form over the contract's body: a number of generated cards (its bounds), or
 * one card with the code typed (digits; the customer's code length is the server's to say).
 */
export const createTemporaryCardsForm = {
  schema: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('count'), count: numberText(count.unwrap()) }).transform((v) => ({ count: v.count })),
    z
      .object({ mode: z.literal('code'), cardCode: digitsText(cardCode.unwrap()) })
      .transform((v) => ({ count: 1, cardCode: v.cardCode })),
  ]),
};

/** The expiration sent for a chosen day: the end of that day, local time, as ISO. */
export function expirationOf(day: { endOf: (u: 'day') => { toISOString: () => string } }): string {
  return day.endOf('day').toISOString();
}

/** The pairing form: the card picked (sent as its id) and the day picked (sent as its end). */
export interface PairTemporaryCardValues {
  card_id: { id: string; cardCode: string } | null;
  expiration_date: Dayjs | null;
}

/** The pairing over the contract: a card and a day are required, and the day not past. */
export const pairTemporaryCardForm = {
  schema: temporaryCardPairSchema,
  toInput: (v: PairTemporaryCardValues) => ({
    card_id: v.card_id?.id ?? '',
    expiration_date: v.expiration_date?.isValid() ? expirationOf(v.expiration_date) : undefined,
  }),
  rules: (input: { expiration_date?: string }) =>
    input.expiration_date ? temporaryCardPairFieldErrors({ expiration_date: input.expiration_date }, new Date()) : {},
};
