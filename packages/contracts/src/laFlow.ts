/**
 * The login assistant's own flow (route /la-flow, API la-flow/): the stages a member passes to
 * unlock the assistant. One per customer; until it has a stage, the assistant cannot sign in.
 * Same shape and rules as integrations flows (flowFieldErrors).
 */
import { z } from 'zod';
import { flowInputSchema } from './flows.ts';

export const laFlowInputSchema = flowInputSchema.pick({ stages: true, terminatingCredentials: true });
export type LaFlowInput = z.infer<typeof laFlowInputSchema>;

export const laFlowSchema = laFlowInputSchema.extend({
  /** Null until an operator first saves it. */
  updated_at: z.string().nullable(),
});
export type LaFlow = z.infer<typeof laFlowSchema>;
