import { z } from 'zod';

/**
 * A whole number typed as text, into the contract's number schema: empty is "required", other
 * than digits "onlyNumbers", outside the contract's bounds "range" (spec 5).
 */
export function integerText(contract: z.ZodNumber) {
  const min = contract.minValue ?? 0;
  const max = contract.maxValue ?? Number.MAX_SAFE_INTEGER;
  return z
    .string()
    .trim()
    .refine((v) => v !== '', { params: { key: 'required' }, abort: true })
    .refine((v) => /^\d+$/.test(v), { params: { key: 'onlyNumbers' }, abort: true })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { params: { key: 'range', min, max }, abort: true })
    .pipe(contract);
}
