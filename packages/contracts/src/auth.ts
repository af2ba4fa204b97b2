/** Sign-in, password change, refresh and token claims (spec sections 3, 4, 7). */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { type FieldError, fieldError } from './errors.ts';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  otp: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** One of: a change token (password must change), the masked mail the OTP went to, or tokens. */
export const loginResponseSchema = z.union([
  z.object({ change: z.string() }),
  z.object({ email: z.string() }),
  tokenPairSchema,
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const changePasswordRequestSchema = z.object({
  change: z.string().min(1),
  new_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  /**
   * The new password typed again. Optional for API callers; when sent, a different value is
   * refused with 400 passwordsNotMatching (the field error under `confirm_password`).
   */
  confirm_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export const refreshRequestSchema = z.object({ refresh: z.string().min(1) });
export const logoutRequestSchema = z.object({ refresh: z.string().min(1).optional() });
export const publicKeyResponseSchema = z.object({ data: z.string() });

/** Password policy for a new password; null when it is acceptable. */
export function passwordPolicyError(password: string): FieldError | null {
  if (password.length < PASSWORD_MIN_LENGTH) return fieldError('minLength', { min: PASSWORD_MIN_LENGTH });
  if (password.length > PASSWORD_MAX_LENGTH) return fieldError('maxLength', { max: PASSWORD_MAX_LENGTH });
  if (/^\d+$/.test(password)) return fieldError('notOnlyNumbers');
  return null;
}

/** Masks a mail address for display: a***@acme.example. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}
