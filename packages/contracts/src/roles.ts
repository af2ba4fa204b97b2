/** Role groups and the members authorised for each (spec sections 2, 6). */
import { z } from 'zod';
import { pagingQuerySchema, searchParam, yesNoParam } from './lists.ts';
import { patchOf } from './patch.ts';

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

/** roles/ filters: the name, and (empty=true) only the roles nobody is authorised for yet. */
export const roleListQuerySchema = pagingQuerySchema.extend({ search: searchParam, empty: yesNoParam });
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;
