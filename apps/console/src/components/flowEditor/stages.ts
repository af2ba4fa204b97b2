import { CREDENTIAL_TYPES, type CredentialType, FLOW_MAX_STAGES, flowKinds } from '@portiere/contracts';

/**
 * A flow's stages as the editor holds them, shared by the integrations flows and the login
 * assistant's own flow: each stage has a stable id (drag and drop, React keys) and its kinds.
 */
export interface Stage {
  id: string;
  kinds: CredentialType[];
}

let nextId = 0;
/** A fresh stage id, unique within the page. */
export const newStageId = () => `stage-${++nextId}`;

/** Stages as the editor holds them, from a contract's stages. */
export const stagesOf = (stages: readonly (readonly CredentialType[])[]): Stage[] =>
  stages.map((kinds) => ({ id: newStageId(), kinds: [...kinds] }));

/** Kinds in catalogue order, so a stage reads the same however it was ticked. */
export const orderedKinds = (kinds: readonly CredentialType[]) => CREDENTIAL_TYPES.filter((k) => kinds.includes(k));

/** The contract's stages: kinds in catalogue order. */
export const stageKindsOf = (stages: readonly Stage[]) => stages.map((s) => orderedKinds(s.kinds));

export const canAddStage = (stages: readonly Stage[]) => stages.length < FLOW_MAX_STAGES;

export function addStage(stages: readonly Stage[], id = newStageId()): Stage[] {
  return canAddStage(stages) ? [...stages, { id, kinds: [] }] : [...stages];
}
export function removeStage(stages: readonly Stage[], index: number): Stage[] {
  return stages.filter((_, i) => i !== index);
}
export function setStageKinds(stages: readonly Stage[], index: number, kinds: CredentialType[]): Stage[] {
  return stages.map((s, i) => (i === index ? { ...s, kinds: orderedKinds(kinds) } : s));
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
export const terminatingChoices = (stages: readonly Stage[]) => orderedKinds(flowKinds(stages.map((s) => s.kinds)));
