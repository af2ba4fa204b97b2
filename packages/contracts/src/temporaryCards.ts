/** Temporary cards (spec sections 2-4): paired to one member until an expiration date. */
import { z } from 'zod';
import { type FieldError, fieldError } from './errors.ts';
import { commaListParam, pagingQuerySchema } from './lists.ts';

export const TEMPORARY_CARD_STATUSES = ['paired', 'not_paired', 'expired'] as const;
export type TemporaryCardStatus = (typeof TEMPORARY_CARD_STATUSES)[number];

export const temporaryCardSchema = z.object({
  id: z.string(),
  cardCode: z.string(),
  /** paired: bound and not expired; expired: its pairing has passed; not_paired: free. */
  status: z.enum(TEMPORARY_CARD_STATUSES),
  member: z.object({ id: z.string(), username: z.string() }).nullable(),
  paired_at: z.string().nullable(),
  expiration_date: z.string().nullable(),
  created_at: z.string(),
});
export type TemporaryCard = z.infer<typeof temporaryCardSchema>;

export const temporaryCardListQuerySchema = pagingQuerySchema.extend({
  /** One status or several, comma-separated: cards in any of them. */
  status: commaListParam(
    z.string().regex(new RegExp(`^(${TEMPORARY_CARD_STATUSES.join('|')})(,(${TEMPORARY_CARD_STATUSES.join('|')}))*$`)),
    TEMPORARY_CARD_STATUSES,
  ),
  search: z.string().max(50).optional(),
});
/** Create `count` cards with generated codes, or one card with the code given. */
export const temporaryCardCreateSchema = z.object({
  count: z.number().int().min(1).max(500).default(1),
  cardCode: z.string().regex(/^\d+$/).optional(),
});
export const temporaryCardPairSchema = z.object({
  card_id: z.string().min(1),
  expiration_date: z.string().datetime({ offset: true }),
});

/** A pairing ends in the future (spec 4): the console's form and the server say the same. */
export function temporaryCardPairFieldErrors(
  input: { expiration_date: string },
  now: Date,
): Record<string, FieldError> {
  return Date.parse(input.expiration_date) <= now.getTime() ? { expiration_date: fieldError('futureDate') } : {};
}
