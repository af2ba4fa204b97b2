/**
 * App roles (spec section 3, "App role/profile"; route /appRoles): members of a configuration
 * group signing in to an application follow the role's flow and receive its display name as
 * their role for that application. One app role per application and group.
 */
import { z } from 'zod';
import { pagingQuerySchema } from './lists.ts';
import { patchOf } from './patch.ts';
import { radiusAttributesSchema } from './radius.ts';

export const appRoleInputSchema = z.object({
  displayName: z.string().trim().min(1).max(100),
  applicationId: z.string().min(1),
  groupId: z.string().min(1),
  flowId: z.string().min(1),
  /** What the Access-Accept of a RADIUS application carries for the group (radius.ts); empty elsewhere. */
  radiusAttributes: radiusAttributesSchema.default([]),
});
export const appRolePatchSchema = patchOf(appRoleInputSchema);
export type AppRoleInput = z.infer<typeof appRoleInputSchema>;

const ref = z.object({ id: z.string(), name: z.string() });

export const appRoleSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  application: ref,
  group: ref,
  flow: ref,
  radiusAttributes: radiusAttributesSchema,
  created_at: z.string(),
});
export type AppRole = z.infer<typeof appRoleSchema>;

export const appRoleListQuerySchema = pagingQuerySchema.extend({
  /** Display name contains, ignoring case. */
  search: z.string().max(200).optional(),
  application_id: z.string().max(100).optional(),
  group_id: z.string().max(100).optional(),
  flow_id: z.string().max(100).optional(),
});
export type AppRoleListQuery = z.infer<typeof appRoleListQuerySchema>;
