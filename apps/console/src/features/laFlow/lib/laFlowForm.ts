import { flowFieldErrors, type LaFlow, type LaFlowInput, laFlowInputSchema } from '@portiere/contracts';
import type { FlowStagesValue } from '../../../components/flowEditor/FlowStagesEditor';
import { orderedKinds, stageKindsOf, stagesOf } from '../../../components/flowEditor/stages';

/** A flow never saved starts with one empty stage to fill in. */
export const laFlowFormOf = (f: LaFlow): FlowStagesValue => ({
  stages: stagesOf(f.stages.length ? f.stages : [[]]),
  terminatingCredentials: [...f.terminatingCredentials],
});

export const laFlowInputOf = (v: FlowStagesValue): LaFlowInput => ({
  stages: stageKindsOf(v.stages),
  terminatingCredentials: orderedKinds(v.terminatingCredentials),
});

/** The form over the contract: at most 10 stages, and the flow rules (a stage, none empty, terminating kinds in the flow). */
export const laFlowForm = { schema: laFlowInputSchema, toInput: laFlowInputOf, rules: flowFieldErrors };

/** Whether the form differs from what it started with (ids aside; a flow never saved starts with one empty stage). */
export const laFlowChanged = (saved: LaFlow, v: FlowStagesValue) =>
  JSON.stringify(laFlowInputOf(v)) !== JSON.stringify(laFlowInputOf(laFlowFormOf(saved)));
