/** Workstation users: members as workstation login sees them (spec section 2, /workstation-users). */
import { z } from 'zod';
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
