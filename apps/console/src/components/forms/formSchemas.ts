import { z } from 'zod';

/** Text the user must type: empty (after trimming) is "required". */
const typedText = () =>
  z
    .string()
    .trim()
    .refine((v) => v !== '', { params: { key: 'required' }, abort: true });

/** Digits typed as text (a card code), into the contract's text schema: empty "required", else "onlyNumbers". */
export function digitsText(contract: z.ZodType<string, string> = z.string()) {
  return typedText()
    .refine((v) => /^\d+$/.test(v), { params: { key: 'onlyNumbers' }, abort: true })
    .pipe(contract);
}

/** A number typed as text, into the contract's number schema: empty "required", then its bounds say "range". */
export function numberText(contract: z.ZodNumber) {
  return typedText().transform(Number).pipe(contract);
}

/**
 * A whole number typed as text, into the contract's number schema: empty is "required", other
 * than digits "onlyNumbers"; the contract's bounds then say "range" (spec 5).
 */
export function integerText(contract: z.ZodNumber) {
  return digitsText().transform(Number).pipe(contract);
}
