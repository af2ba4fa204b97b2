/** Temporary cards, recovery codes and modes, configurations, roles, workstation users, dashboard (spec sections 2-4). */
import { z } from 'zod';
import { CREDENTIAL_TYPES } from './members.ts';
import { patchOf } from './patch.ts';

export const CARD_STATUSES = ['paired', 'not_paired', 'expired'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const temporaryCardSchema = z.object({
  id: z.string(),
  cardCode: z.string(),
  /** paired: bound and not expired; expired: its pairing has passed; not_paired: free. */
  status: z.enum(CARD_STATUSES),
  member: z.object({ id: z.string(), username: z.string() }).nullable(),
  paired_at: z.string().nullable(),
  expiration_date: z.string().nullable(),
  created_at: z.string(),
});
export type TemporaryCard = z.infer<typeof temporaryCardSchema>;

export const cardListQuerySchema = z.object({
  page: z.string().optional(),
  page_size: z.string().optional(),
  /** One status or several, comma-separated: cards in any of them. */
  status: z
    .string()
    .regex(new RegExp(`^(${CARD_STATUSES.join('|')})(,(${CARD_STATUSES.join('|')}))*$`))
    .optional(),
  search: z.string().max(50).optional(),
});
/** Create `count` cards with generated codes, or one card with the code given. */
export const cardCreateSchema = z.object({
  count: z.number().int().min(1).max(500).default(1),
  cardCode: z.string().regex(/^\d+$/).optional(),
});
export const cardPairSchema = z.object({ card_id: z.string(), expiration_date: z.string().datetime({ offset: true }) });

export const recoveryCodeCreatedSchema = z.object({ code: z.string(), expires_at: z.string() });
export const RECOVERY_CODE_TTL_HOURS = 72;

export const recoveryModeSchema = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), username: z.string(), full_name: z.string(), email: z.string() }),
  activated_at: z.string(),
  activated_by: z.string(),
  disabled_credentials: z.number().int(),
});
export type RecoveryMode = z.infer<typeof recoveryModeSchema>;

export const BIOMETRY_LEVELS = ['none', 'weak', 'strong'] as const;
/** Kinds a configuration group governs. */
export const GROUP_CREDENTIAL_TYPES = ['password', 'pin', 'app', 'mail', 'sms', 'totp', 'hotp'] as const;

export const configGroupInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
  app_credential_biometry: z.enum(BIOMETRY_LEVELS).default('none'),
  workstation_login_enabled: z.boolean().default(true),
  web_login_enabled: z.boolean().default(true),
  allowed: z.array(z.enum(GROUP_CREDENTIAL_TYPES)).default([...GROUP_CREDENTIAL_TYPES]),
});
export const configGroupPatchSchema = patchOf(configGroupInputSchema);
export const configGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  app_credential_biometry: z.enum(BIOMETRY_LEVELS),
  workstation_login_enabled: z.boolean(),
  web_login_enabled: z.boolean(),
  allowed: z.array(z.enum(GROUP_CREDENTIAL_TYPES)),
  allowed_credential_types: z.array(z.enum(CREDENTIAL_TYPES)),
  members_count: z.number().int(),
});
export type ConfigGroup = z.infer<typeof configGroupSchema>;
export const idsSchema = z.object({ ids: z.array(z.string()).min(1).max(1000) });

export const roleInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
});
export const rolePatchSchema = patchOf(roleInputSchema);
export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  users_count: z.number().int(),
  created_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const workstationUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  group: z.string().nullable(),
  /** The member's group allows workstation login and the member is not blocked. */
  workstation_enabled: z.boolean(),
  autologon: z.boolean(),
  has_identities: z.boolean(),
  windows_credentials: z.array(z.enum(CREDENTIAL_TYPES)),
  temporary_card: z.string().nullable(),
  recovery_mode: z.boolean(),
});
export type WorkstationUser = z.infer<typeof workstationUserSchema>;

const countsByType = z.record(z.string(), z.number().int());
export const customerDashboardSchema = z.object({
  customer: z.object({ id: z.string(), name: z.string() }),
  users: z.object({ total: z.number().int(), enrolled: z.number().int(), blocked: z.number().int() }),
  web_credentials: countsByType,
  workstation_credentials: countsByType,
  recovery_modes: z.object({ active: z.number().int(), total: z.number().int() }),
  licenses: z.object({
    total: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int(),
    expiration: z.string().nullable(),
  }),
});
export type CustomerDashboard = z.infer<typeof customerDashboardSchema>;
export const dashboardSchema = z.object({ customers: z.array(customerDashboardSchema) });
