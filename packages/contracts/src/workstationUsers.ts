/** Workstation users: members as workstation login sees them (spec section 2, /workstation-users). */
import { z } from 'zod';
import { pagingQuerySchema, searchParam, yesNoParam } from './lists.ts';
import { CREDENTIAL_TYPES } from './members.ts';

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

/** users/{id}/autologon/: turn Windows autologon on or off; the answer is the new state. */
export const autologonRequestSchema = z.object({ enabled: z.boolean() });
export const autologonSchema = z.object({ autologon: z.boolean() });

/**
 * workstation-users/ filters: the member search, and yes/no filters that narrow the list to
 * members with autologon, an active recovery mode or a temporary card; `group` one configuration id.
 */
export const workstationUserListQuerySchema = pagingQuerySchema.extend({
  search: searchParam,
  autologon: yesNoParam,
  recovery_mode: yesNoParam,
  temporary_card: yesNoParam,
  group: z.string().max(100).optional(),
});
export type WorkstationUserListQuery = z.infer<typeof workstationUserListQuerySchema>;
