import { type FieldError, flowFieldErrors, type LaFlow, type LaFlowInput } from '@portiere/contracts';
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

/** The contract's rules (a stage, no empty stage, terminating kinds in the flow). */
export const validateLaFlowForm = (v: FlowStagesValue): Record<string, FieldError> =>
  flowFieldErrors(laFlowInputOf(v)) as Record<string, FieldError>;

/** Whether the form differs from what it started with (ids aside; a flow never saved starts with one empty stage). */
export const laFlowChanged = (saved: LaFlow, v: FlowStagesValue) =>
  JSON.stringify(laFlowInputOf(v)) !== JSON.stringify(laFlowInputOf(laFlowFormOf(saved)));
