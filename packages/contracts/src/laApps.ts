/**
 * Login-assistant apps (route /apps, API la-apps/): applications without a modern sign-in that
 * the login assistant signs members in to. A desktop app is recognised by its executable name,
 * a web app by a URL pattern (`*` matches any run of characters).
 */
import { z } from 'zod';
import { type FieldError, fieldError } from './errors.ts';
import { pagingQuerySchema } from './lists.ts';
import { patchOf } from './patch.ts';

export const LA_APP_KINDS = ['desktop', 'web'] as const;
export type LaAppKind = (typeof LA_APP_KINDS)[number];

/** An executable's file name: no path, none of the characters Windows forbids in names. */
export const LA_EXECUTABLE_PATTERN = /^[^\\/:*?"<>|]+$/;
/** A URL pattern: http(s), a host (wildcards allowed), anything after. */
export const LA_URL_PATTERN = /^https?:\/\/[^\s/]+(\/\S*)?$/i;

export const laAppInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  kind: z.enum(LA_APP_KINDS),
  target: z.string().trim().min(1).max(500),
  /** The profile its members follow when their configuration group has none of its own; one of this app's profiles. */
  profileId: z.string().nullable().default(null),
});
export const laAppPatchSchema = patchOf(laAppInputSchema);
export type LaAppInput = z.infer<typeof laAppInputSchema>;
export type LaAppPatch = z.infer<typeof laAppPatchSchema>;

const ref = z.object({ id: z.string(), name: z.string() });

export const laAppSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(LA_APP_KINDS),
  target: z.string(),
  profileId: z.string().nullable(),
  /** The default profile, its name being the profile's displayName. */
  profile: ref.nullable(),
  profiles_count: z.number().int(),
  login_groups_count: z.number().int(),
  created_at: z.string(),
});
export type LaApp = z.infer<typeof laAppSchema>;

export const laAppListQuerySchema = pagingQuerySchema.extend({
  /** Name or target contains, ignoring case. */
  search: z.string().max(200).optional(),
  kind: z.enum(LA_APP_KINDS).optional(),
  /** Only the apps of this login group. */
  login_group_id: z.string().max(100).optional(),
  /** Only the apps not yet in this login group (the "add applications" picker). */
  not_in_login_group_id: z.string().max(100).optional(),
});
export type LaAppListQuery = z.infer<typeof laAppListQuerySchema>;

/** The target must fit the kind: an executable name for desktop, an http(s) URL pattern for web. */
export function laAppFieldErrors(input: { kind?: LaAppKind; target?: string }) {
  const errors: Record<string, FieldError> = {};
  if (input.kind === undefined || input.target === undefined) return errors;
  const target = input.target.trim();
  if (!target) return errors;
  if (input.kind === 'web' && !LA_URL_PATTERN.test(target)) errors.target = fieldError('httpUrl');
  if (input.kind === 'desktop' && !LA_EXECUTABLE_PATTERN.test(target)) errors.target = fieldError('executableName');
  return errors;
}
