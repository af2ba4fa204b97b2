/**
 * Flows (spec sections 3, 5; route /flows): the stages a member passes to sign in to an
 * application. Each stage is the set of credential kinds the member may choose from at that
 * step; a terminating credential ends the flow when used, and must be part of the flow.
 */
import { z } from 'zod';
import { type FieldError, fieldError } from './errors.ts';
import { pagingQuerySchema } from './lists.ts';
import { CREDENTIAL_TYPES, type CredentialType } from './members.ts';
import { patchOf } from './patch.ts';

export const FLOW_MAX_STAGES = 10;

const kinds = z.array(z.enum(CREDENTIAL_TYPES));

export const flowInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** Ordered; each stage a non-empty set of kinds (duplicates within a stage are dropped). */
  stages: z.array(kinds).max(FLOW_MAX_STAGES),
  terminatingCredentials: kinds.default([]),
});
export const flowPatchSchema = patchOf(flowInputSchema);
export type FlowInput = z.infer<typeof flowInputSchema>;
export type FlowPatch = z.infer<typeof flowPatchSchema>;

export const flowSchema = z.object({
  id: z.string(),
  name: z.string(),
  stages: z.array(kinds),
  terminatingCredentials: kinds,
  /** Applications (as their default flow) and app roles that use it: a used flow cannot be deleted. */
  applications_count: z.number().int(),
  app_roles_count: z.number().int(),
  created_at: z.string(),
});
export type Flow = z.infer<typeof flowSchema>;

export const flowListQuerySchema = pagingQuerySchema.extend({
  /** Name contains, ignoring case. */
  search: z.string().max(200).optional(),
  /** Flows that offer this kind at some stage. */
  credential: z.enum(CREDENTIAL_TYPES).optional(),
});
export type FlowListQuery = z.infer<typeof flowListQuerySchema>;

/** A flow's kinds, every stage together. */
export const flowKinds = (stages: readonly (readonly CredentialType[])[]): CredentialType[] => [
  ...new Set(stages.flat()),
];

/**
 * The rules a flow's shape must follow, for the console's form and the server alike: at least one
 * stage, no empty stage, and terminating credentials only among the flow's kinds (spec 5).
 */
export function flowFieldErrors(input: { stages?: CredentialType[][]; terminatingCredentials?: CredentialType[] }) {
  const errors: Record<string, FieldError> = {};
  if (input.stages !== undefined) {
    if (!input.stages.length) errors.stages = fieldError('required');
    input.stages.forEach((stage, i) => {
      if (!stage.length) errors[`stages.${i}`] = fieldError('required');
    });
  }
  if (input.stages !== undefined && input.terminatingCredentials !== undefined) {
    const inFlow = new Set(flowKinds(input.stages));
    const outside = input.terminatingCredentials.filter((k) => !inFlow.has(k));
    if (outside.length)
      errors.terminatingCredentials = fieldError('terminatingNotInFlow', { types: outside.join(', ') });
  }
  return errors;
}
