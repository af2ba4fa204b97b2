import {
  type FieldError,
  type PROFILE_KEYS,
  PROFILE_MAX_STEPS,
  type Profile,
  type ProfileInput,
  type ProfileStep,
  type ProfileStepAction,
  profileFieldErrors,
  profileInputSchema,
} from '@portiere/contracts';
import { z } from 'zod';
import type { FilterDefinition, FilterOption, FilterValues } from '../../../components/filters/filterTypes';
import { contractFieldErrors } from '../../../components/forms/contractResolver';
import type { ProfileQuery } from '../api/profilesApi';

type FillValue = Extract<ProfileStep, { action: 'fill' }>['value'];
type Key = (typeof PROFILE_KEYS)[number];

/** One step as the editor holds it: every action's fields, a stable id, the wait as typed. */
export interface StepDraft {
  id: string;
  action: ProfileStepAction;
  target: string;
  value: FillValue;
  text: string;
  key: Key;
  ms: string;
}

export interface ProfileFormValues {
  displayName: string;
  appId: string;
  groupId: string;
  /** '' for none. */
  flowId: string;
  steps: StepDraft[];
}

let nextId = 0;
const newId = () => `step-${++nextId}`;

export const newStep = (action: ProfileStepAction = 'fill'): StepDraft => ({
  id: newId(),
  action,
  target: '',
  value: 'username',
  text: '',
  key: 'Enter',
  ms: '1000',
});

const draftOf = (s: ProfileStep): StepDraft => ({ ...newStep(s.action), ...s, ms: 'ms' in s ? String(s.ms) : '1000' });

/** A new profile starts with the usual sign-in: username, password, Enter. */
export const emptyProfileForm = (): ProfileFormValues => ({
  displayName: '',
  appId: '',
  groupId: '',
  flowId: '',
  steps: [newStep('fill'), { ...newStep('fill'), value: 'password' }, newStep('press')],
});

export const profileFormOf = (p: Profile): ProfileFormValues => ({
  displayName: p.displayName,
  appId: p.app.id,
  groupId: p.group.id,
  flowId: p.flow?.id ?? '',
  steps: p.steps.map(draftOf),
});

export function stepOf(d: StepDraft): ProfileStep {
  switch (d.action) {
    case 'fill':
      return { action: 'fill', target: d.target.trim(), value: d.value, text: d.value === 'text' ? d.text : '' };
    case 'click':
      return { action: 'click', target: d.target.trim() };
    case 'press':
      return { action: 'press', key: d.key };
    case 'wait':
      return { action: 'wait', ms: Number(d.ms) };
  }
}

export const profileInputOf = (v: ProfileFormValues): ProfileInput => ({
  displayName: v.displayName.trim(),
  appId: v.appId,
  groupId: v.groupId,
  flowId: v.flowId || null,
  steps: v.steps.map(stepOf),
});

export const canAddStep = (steps: readonly StepDraft[]) => steps.length < PROFILE_MAX_STEPS;
export function moveStep(steps: readonly StepDraft[], from: number, to: number): StepDraft[] {
  if (to < 0 || to >= steps.length || from === to) return [...steps];
  const next = [...steps];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** The form over the contract: the schema's fields and step bounds, and its rules (a step, a fixed text's text). */
export const profileForm = { schema: profileInputSchema, toInput: profileInputOf, rules: profileFieldErrors };

/** The rules said as the user types: the steps' own (at least one, a fixed text, a wait in bounds), not a missing target. */
const isLiveStepError = (path: string, e: FieldError) =>
  path === 'steps' || (path.startsWith('steps.') && e.key !== 'required') || path.endsWith('.text');

const stepsForm = {
  schema: z.object({ steps: profileInputSchema.shape.steps }),
  toInput: (v: { steps: StepDraft[] }) => ({ steps: v.steps.map(stepOf) }),
  rules: profileFieldErrors,
};

/** The steps' errors said as they are typed, by the contract's paths (steps, steps.{i}.ms...). */
export function liveStepErrors(steps: StepDraft[]): Record<string, FieldError> {
  const found = Object.entries(contractFieldErrors(stepsForm, { steps }));
  return Object.fromEntries(found.filter(([path, e]) => isLiveStepError(path, e)));
}

export interface ProfileFilterOptions {
  apps: FilterOption[];
  groups: FilterOption[];
  flows: FilterOption[];
}

/** The drawer's filters: app, configuration group and flow, each one id (the server takes one of each). */
export const profileFilterDefinitions = (o: ProfileFilterOptions): FilterDefinition[] => [
  { type: 'select', key: 'app_id', label: 'profiles.columns.app', options: o.apps },
  { type: 'select', key: 'group_id', label: 'profiles.columns.group', options: o.groups },
  { type: 'select', key: 'flow_id', label: 'profiles.columns.flow', options: o.flows },
];

export function profileQueryOf(applied: FilterValues, search: string): ProfileQuery {
  const q: ProfileQuery = {};
  if (search.trim()) q.search = search.trim();
  for (const key of ['app_id', 'group_id', 'flow_id'] as const) {
    const v = applied[key];
    if (typeof v === 'string' && v) q[key] = v;
  }
  return q;
}
