/** Configurations (the spec's configuration groups, route /groups): which credential kinds and logins their members get. */
import { z } from 'zod';
import { pagingQuerySchema, searchParam, yesNoParam } from './lists.ts';
import { CREDENTIAL_TYPES } from './members.ts';
import { patchOf } from './patch.ts';

export const BIOMETRY_LEVELS = ['none', 'weak', 'strong'] as const;
/** Kinds a configuration group governs. */
export const CONFIGURATION_CREDENTIAL_TYPES = ['password', 'pin', 'app', 'mail', 'sms', 'totp', 'hotp'] as const;

export const configurationInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
  app_credential_biometry: z.enum(BIOMETRY_LEVELS).default('none'),
  workstation_login_enabled: z.boolean().default(true),
  web_login_enabled: z.boolean().default(true),
  allowed: z.array(z.enum(CONFIGURATION_CREDENTIAL_TYPES)).default([...CONFIGURATION_CREDENTIAL_TYPES]),
});
export const configurationPatchSchema = patchOf(configurationInputSchema);
export const configurationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  app_credential_biometry: z.enum(BIOMETRY_LEVELS),
  workstation_login_enabled: z.boolean(),
  web_login_enabled: z.boolean(),
  allowed: z.array(z.enum(CONFIGURATION_CREDENTIAL_TYPES)),
  allowed_credential_types: z.array(z.enum(CREDENTIAL_TYPES)),
  members_count: z.number().int(),
});
export type Configuration = z.infer<typeof configurationSchema>;

/** A member's configuration as the member answers carry it. */
export const configurationRefSchema = z.object({ id: z.string(), name: z.string() });

/** groups/ filters: name or description, the two logins, the app's biometry level. */
export const configurationListQuerySchema = pagingQuerySchema.extend({
  search: searchParam,
  web_login: yesNoParam,
  workstation_login: yesNoParam,
  biometry: z.enum(BIOMETRY_LEVELS).optional(),
});
export type ConfigurationListQuery = z.infer<typeof configurationListQuerySchema>;
