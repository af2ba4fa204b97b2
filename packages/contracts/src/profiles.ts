/**
 * Profiles (route /profiles, API profiles/; spec 3 "App role/profile"): how the login assistant
 * signs a configuration group's members in to one login-assistant app: the steps it performs on
 * the app's sign-in form, and the flow a member passes before the assistant releases the app's
 * credential (none: the assistant's own sign-in is enough). One profile per app and group; an
 * app's default profile (la-apps `profileId`) serves the groups without one.
 */
import { z } from 'zod';
import { type FieldError, fieldError } from './errors.ts';
import { pagingQuerySchema } from './lists.ts';
import { patchOf } from './patch.ts';

export const PROFILE_MAX_STEPS = 30;
export const PROFILE_STEP_ACTIONS = ['fill', 'click', 'press', 'wait'] as const;
export type ProfileStepAction = (typeof PROFILE_STEP_ACTIONS)[number];
/** What a fill step types: the member's credential username or password, or fixed text. */
export const PROFILE_FILL_VALUES = ['username', 'password', 'text'] as const;
export const PROFILE_KEYS = ['Enter', 'Tab', 'Escape', 'Space'] as const;
export const PROFILE_WAIT_MS = { min: 100, max: 30_000 } as const;

/** A control on the sign-in form: a CSS selector (web) or an accessibility name or id (desktop). */
const target = z.string().trim().min(1).max(500);

export const profileStepSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('fill'),
    target,
    value: z.enum(PROFILE_FILL_VALUES),
    /** The text typed when value is 'text'. */
    text: z.string().max(500).default(''),
  }),
  z.object({ action: z.literal('click'), target }),
  z.object({ action: z.literal('press'), key: z.enum(PROFILE_KEYS) }),
  z.object({ action: z.literal('wait'), ms: z.number().int().min(PROFILE_WAIT_MS.min).max(PROFILE_WAIT_MS.max) }),
]);
export type ProfileStep = z.infer<typeof profileStepSchema>;

export const profileInputSchema = z.object({
  displayName: z.string().trim().min(1).max(100),
  appId: z.string().min(1),
  groupId: z.string().min(1),
  /** The flow a member passes before the assistant fills this app; null: none beyond the assistant's sign-in. */
  flowId: z.string().nullable().default(null),
  steps: z.array(profileStepSchema).max(PROFILE_MAX_STEPS),
});
export const profilePatchSchema = patchOf(profileInputSchema);
export type ProfileInput = z.infer<typeof profileInputSchema>;
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

const ref = z.object({ id: z.string(), name: z.string() });

export const profileSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  app: ref,
  group: ref,
  flow: ref.nullable(),
  steps: z.array(profileStepSchema),
  /** Whether it is its app's default profile. */
  is_default: z.boolean(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileListQuerySchema = pagingQuerySchema.extend({
  /** Display name contains, ignoring case. */
  search: z.string().max(200).optional(),
  app_id: z.string().max(100).optional(),
  group_id: z.string().max(100).optional(),
  flow_id: z.string().max(100).optional(),
});
export type ProfileListQuery = z.infer<typeof profileListQuerySchema>;

/** At least one step; a fill of fixed text needs its text. Keys are `steps` and `steps.{i}.text`. */
export function profileFieldErrors(input: { steps?: ProfileStep[] }) {
  const errors: Record<string, FieldError> = {};
  if (input.steps === undefined) return errors;
  if (!input.steps.length) errors.steps = fieldError('required');
  input.steps.forEach((step, i) => {
    if (step.action === 'fill' && step.value === 'text' && !step.text.trim())
      errors[`steps.${i}.text`] = fieldError('required');
  });
  return errors;
}
