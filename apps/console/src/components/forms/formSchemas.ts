import { z } from 'zod';

/**
 * A whole number typed as text, into the contract's number schema: empty is "required", other
 * than digits "onlyNumbers"; the contract's bounds then say "range" (spec 5).
 */
export function integerText(contract: z.ZodNumber) {
  return z
    .string()
    .trim()
    .refine((v) => v !== '', { params: { key: 'required' }, abort: true })
    .refine((v) => /^\d+$/.test(v), { params: { key: 'onlyNumbers' }, abort: true })
    .transform(Number)
    .pipe(contract);
}
