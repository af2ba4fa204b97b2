/**
 * Hardware OTP tokens (issue 37): seeds imported from the vendor's PSKC file (RFC 6030), held
 * as unassigned stock, assigned to one member as a HOTP/TOTP credential, resynchronised,
 * retired when lost. Seeds are never part of any answer.
 */
import { z } from 'zod';
import { commaListParam, pagingQuerySchema, searchParam } from './lists.ts';

export const HARDWARE_TOKEN_STATES = ['stock', 'assigned', 'retired'] as const;
export type HardwareTokenState = (typeof HARDWARE_TOKEN_STATES)[number];
export const HARDWARE_TOKEN_KINDS = ['hotp', 'totp'] as const;
export type HardwareTokenKind = (typeof HARDWARE_TOKEN_KINDS)[number];
export const HARDWARE_TOKEN_ALGORITHMS = ['SHA1', 'SHA256', 'SHA512'] as const;

/** The largest PSKC document accepted (characters): a few thousand tokens of a vendor's batch. */
export const PSKC_MAX_CHARS = 2_000_000;
/** How far resynchronisation looks for two consecutive codes: HOTP counters, TOTP steps either way. */
export const HOTP_RESYNC_WINDOW = 1000;
export const TOTP_RESYNC_STEPS = 1000;

export const hardwareTokenSchema = z.object({
  id: z.string(),
  serial: z.string(),
  kind: z.enum(HARDWARE_TOKEN_KINDS),
  digits: z.number().int(),
  algorithm: z.enum(HARDWARE_TOKEN_ALGORITHMS),
  /** TOTP: seconds per code; null for HOTP (counter-based). */
  period: z.number().int().nullable(),
  manufacturer: z.string().nullable(),
  /** stock: free; assigned: a member's credential holds its seed; retired: out of service for good. */
  state: z.enum(HARDWARE_TOKEN_STATES),
  member: z.object({ id: z.string(), username: z.string() }).nullable(),
  credential_id: z.string().nullable(),
  imported_at: z.string(),
});
export type HardwareToken = z.infer<typeof hardwareTokenSchema>;

const statePattern = `(${HARDWARE_TOKEN_STATES.join('|')})`;
export const hardwareTokenListQuerySchema = pagingQuerySchema.extend({
  /** One state or several, comma-separated: tokens in any of them. */
  state: commaListParam(z.string().regex(new RegExp(`^${statePattern}(,${statePattern})*$`)), HARDWARE_TOKEN_STATES),
  /** Part of the serial number. */
  search: searchParam,
});

/** A PSKC document as text; the pre-shared key (AES-128, hex) when its secrets are encrypted. */
export const hardwareTokenImportSchema = z.object({
  pskc: z.string().min(1).max(PSKC_MAX_CHARS),
  pre_shared_key: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/)
    .optional(),
});
export type HardwareTokenImport = z.infer<typeof hardwareTokenImportSchema>;

/** What an import did: tokens added, serials already held (skipped), keys it could not read. */
export const hardwareTokenImportResultSchema = z.object({
  imported: z.number().int(),
  skipped: z.array(z.string()),
  errors: z.array(
    z.object({
      /** The key's serial number, else its Id, else its position in the file (1-based). */
      key: z.string(),
      code: z.string(),
      reason: z.string(),
    }),
  ),
});
export type HardwareTokenImportResult = z.infer<typeof hardwareTokenImportResultSchema>;

/** The member a token goes to, by id or by username (one is needed; the server says which is missing). */
export const hardwareTokenAssignSchema = z.object({
  member_id: z.string().min(1).optional(),
  username: z.string().trim().min(1).max(254).optional(),
});
export type HardwareTokenAssign = z.infer<typeof hardwareTokenAssignSchema>;

const otpCode = z.string().regex(/^\d{6,8}$/);
/** Two codes the token showed one after the other. */
export const hardwareTokenResyncSchema = z.object({ code1: otpCode, code2: otpCode });
export type HardwareTokenResync = z.infer<typeof hardwareTokenResyncSchema>;
