/** Recovery codes and recovery modes (spec sections 2-4). */
import { z } from 'zod';
import { dayParam, pagingQuerySchema, searchParam } from './lists.ts';

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

/** Answer of activating recovery mode: the mode and its code, shown once (the code is also mailed). */
export const recoveryModeActivatedSchema = recoveryCodeCreatedSchema.extend({ recovery_mode: recoveryModeSchema });
export type RecoveryModeActivated = z.infer<typeof recoveryModeActivatedSchema>;

/** recovery-mode/ filters: the member search and the days the recovery modes were activated. */
export const recoveryModeListQuerySchema = pagingQuerySchema.extend({
  search: searchParam,
  activated_after: dayParam,
  activated_before: dayParam,
});
export type RecoveryModeListQuery = z.infer<typeof recoveryModeListQuerySchema>;
