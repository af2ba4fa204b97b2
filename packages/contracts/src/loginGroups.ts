/**
 * Login groups (routes /login-groups and /login-groups/:id, API login-groups/): a set of
 * login-assistant apps and the members' credentials for them (spec 3: name, credentials count,
 * applications count). A group cannot be deleted while it holds credentials or applications
 * (spec 4): DELETE answers 409 loginGroupInUse.
 */
import { z } from 'zod';
import { pagingQuerySchema, yesNoParam } from './lists.ts';
import { patchOf } from './patch.ts';

export const loginGroupInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
});
export const loginGroupPatchSchema = patchOf(loginGroupInputSchema);
export type LoginGroupInput = z.infer<typeof loginGroupInputSchema>;
export type LoginGroupPatch = z.infer<typeof loginGroupPatchSchema>;

export const loginGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Counters kept with the rows that change them, so the list does not count. */
  credentials_count: z.number().int(),
  applications_count: z.number().int(),
  created_at: z.string(),
});
export type LoginGroup = z.infer<typeof loginGroupSchema>;

export const loginGroupListQuerySchema = pagingQuerySchema.extend({
  /** Name or description contains, ignoring case. */
  search: z.string().max(200).optional(),
  /** 'true': only groups with no credentials and no applications (deletable); 'false': only the others. */
  empty: yesNoParam,
  /** Only the groups that contain this app. */
  app_id: z.string().max(100).optional(),
});
export type LoginGroupListQuery = z.infer<typeof loginGroupListQuerySchema>;

/** POST login-groups/{id}/applications/: apps to add (already present ones are left as they are). */
export const loginGroupAppsInputSchema = z.object({ appIds: z.array(z.string()).min(1).max(100) });
export type LoginGroupAppsInput = z.infer<typeof loginGroupAppsInputSchema>;
export const loginGroupAppsResultSchema = z.object({ added: z.number().int() });
