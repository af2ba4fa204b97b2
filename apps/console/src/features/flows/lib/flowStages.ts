import {
  CREDENTIAL_TYPES,
  type CredentialType,
  type FieldError,
  FLOW_MAX_STAGES,
  type Flow,
  type FlowInput,
  fieldError,
  flowFieldErrors,
  flowKinds,
} from '@portiere/contracts';

/** One stage in the editor: a stable id (for drag and drop and React keys) and its kinds. */
export interface Stage {
  id: string;
  kinds: CredentialType[];
}
export interface FlowFormValues {
  name: string;
  stages: Stage[];
  terminatingCredentials: CredentialType[];
}

let nextId = 0;
/** A fresh stage id, unique within the page. */
export const newStageId = () => `stage-${++nextId}`;

export const emptyFlowForm = (): FlowFormValues => ({
  name: '',
  stages: [{ id: newStageId(), kinds: [] }],
  terminatingCredentials: [],
});

export const flowFormOf = (f: Flow): FlowFormValues => ({
  name: f.name,
  stages: f.stages.map((kinds) => ({ id: newStageId(), kinds: [...kinds] })),
  terminatingCredentials: [...f.terminatingCredentials],
});

/** Kinds in catalogue order, so a stage reads the same however it was ticked. */
const ordered = (kinds: readonly CredentialType[]) => CREDENTIAL_TYPES.filter((k) => kinds.includes(k));

export const flowInputOf = (v: FlowFormValues): FlowInput => ({
  name: v.name.trim(),
  stages: v.stages.map((s) => ordered(s.kinds)),
  terminatingCredentials: ordered(v.terminatingCredentials),
});

export const canAddStage = (stages: readonly Stage[]) => stages.length < FLOW_MAX_STAGES;

export function addStage(stages: readonly Stage[], id = newStageId()): Stage[] {
  return canAddStage(stages) ? [...stages, { id, kinds: [] }] : [...stages];
}
export function removeStage(stages: readonly Stage[], index: number): Stage[] {
  return stages.filter((_, i) => i !== index);
}
export function setStageKinds(stages: readonly Stage[], index: number, kinds: CredentialType[]): Stage[] {
  return stages.map((s, i) => (i === index ? { ...s, kinds: ordered(kinds) } : s));
}
/** Moves the stage at `from` to `to` (both clamped); the others keep their order. */
export function moveStage(stages: readonly Stage[], from: number, to: number): Stage[] {
  const target = Math.max(0, Math.min(stages.length - 1, to));
  if (from < 0 || from >= stages.length || from === target) return [...stages];
  const next = [...stages];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

/** The kinds a terminating credential may be chosen from: those the flow offers at some stage. */
export const terminatingChoices = (stages: readonly Stage[]) => ordered(flowKinds(stages.map((s) => s.kinds)));

export type FlowField = 'name' | 'stages' | 'terminatingCredentials' | `stages.${number}`;

/** Name required, then the contract's rules: a stage, no empty stage, terminating kinds in the flow (spec 5). */
export function validateFlowForm(v: FlowFormValues): Partial<Record<FlowField, FieldError>> {
  const errors: Partial<Record<FlowField, FieldError>> = {};
  const name = v.name.trim();
  if (!name) errors.name = fieldError('required');
  else if (name.length > 100) errors.name = fieldError('maxLength', { max: 100 });
  const input = flowInputOf(v);
  return { ...errors, ...flowFieldErrors(input) };
}

/** "1. Password → 2. TOTP or App", with the kinds' labels and the word joining a stage's choices. */
export function stagesSummary(
  stages: readonly (readonly CredentialType[])[],
  label: (k: CredentialType) => string,
  or: string,
): string {
  return stages.map((kinds, i) => `${i + 1}. ${kinds.map(label).join(` ${or} `)}`).join(' → ');
}
