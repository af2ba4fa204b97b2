import { FLOW_MAX_STAGES, type Flow } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { englishMessage as message, resolveForm } from '../../../test/contractForm';
import { flowQueryOf } from './flowQuery';
import {
  addStage,
  emptyFlowForm,
  type FlowFormValues,
  flowForm,
  flowFormOf,
  flowInputOf,
  moveStage,
  removeStage,
  type Stage,
  setStageKinds,
  stagesSummary,
  terminatingChoices,
} from './flowStages';

const stages = (...kinds: Stage['kinds'][]): Stage[] => kinds.map((k, i) => ({ id: `s${i}`, kinds: k }));
const ids = (s: Stage[]) => s.map((x) => x.id);

describe('flow editor stage operations', () => {
  it('adds empty stages up to the limit and removes one by position', () => {
    let s: Stage[] = [];
    for (let i = 0; i < FLOW_MAX_STAGES + 2; i++) s = addStage(s, `n${i}`);
    expect(s).toHaveLength(FLOW_MAX_STAGES);
    expect(s[0]).toEqual({ id: 'n0', kinds: [] });
    expect(ids(removeStage(stages(['password'], ['totp'], ['app']), 1))).toEqual(['s0', 's2']);
  });

  it('reorders: moves one stage and keeps the others in order; out of range is clamped', () => {
    const s = stages(['password'], ['totp'], ['app']);
    expect(ids(moveStage(s, 0, 2))).toEqual(['s1', 's2', 's0']);
    expect(ids(moveStage(s, 2, 0))).toEqual(['s2', 's0', 's1']);
    expect(ids(moveStage(s, 1, 0))).toEqual(['s1', 's0', 's2']);
    expect(ids(moveStage(s, 0, -1))).toEqual(['s0', 's1', 's2']);
    expect(ids(moveStage(s, 2, 9))).toEqual(['s0', 's1', 's2']);
    expect(s.map((x) => x.id)).toEqual(['s0', 's1', 's2']);
  });

  it('keeps a stage kinds in catalogue order and offers terminating kinds only from the flow', () => {
    const s = setStageKinds(stages(['password'], []), 1, ['app', 'totp', 'app']);
    expect(s[1]?.kinds).toEqual(['app', 'totp']);
    expect(terminatingChoices(s)).toEqual(['password', 'app', 'totp']);
  });

  it('refuses a terminating credential left outside the flow after a stage is removed (spec 5)', async () => {
    const v: FlowFormValues = {
      name: 'Strong',
      stages: stages(['password'], ['totp', 'app']),
      terminatingCredentials: ['totp' as const],
    };
    expect((await resolveForm(flowForm, v)).errors).toEqual({});
    const after = { ...v, stages: removeStage(v.stages, 1) };
    const { errors } = await resolveForm(flowForm, after);
    expect(errors.terminatingCredentials).toBe(message('terminatingNotInFlow', { types: 'totp' }));
  });

  it('requires a name, a stage, and no empty stage', async () => {
    const { errors } = await resolveForm(flowForm, { ...emptyFlowForm(), name: ' ' });
    expect(errors.name).toBe(message('required'));
    expect(errors['stages.0']).toBe(message('required'));
    expect((await resolveForm(flowForm, { name: 'x', stages: [], terminatingCredentials: [] })).errors.stages).toBe(
      message('required'),
    );
    expect((await resolveForm(flowForm, { ...emptyFlowForm(), name: 'x'.repeat(101) })).errors.name).toBe(
      message('maxLength', { max: 100 }),
    );
  });

  it('maps a flow to the editor and back to the same body', () => {
    const flow: Flow = {
      id: 'f1',
      name: 'Strong',
      stages: [['password'], ['totp', 'app']],
      terminatingCredentials: ['app'],
      applications_count: 0,
      app_roles_count: 0,
      created_at: '2030-01-01T00:00:00.000Z',
    };
    expect(flowInputOf(flowFormOf(flow))).toEqual({
      name: 'Strong',
      stages: [['password'], ['app', 'totp']],
      terminatingCredentials: ['app'],
    });
  });

  it('summarises stages as "1. Password → 2. TOTP or App"', () => {
    const label = (k: string) => ({ password: 'Password', totp: 'TOTP', app: 'App' })[k] ?? k;
    expect(stagesSummary([['password'], ['totp', 'app']], label, 'or')).toBe('1. Password → 2. TOTP or App');
  });

  it('builds the list query from the applied credential filter and the search', () => {
    expect(flowQueryOf({ credential: 'totp' }, ' str ')).toEqual({ credential: 'totp', search: 'str' });
    expect(flowQueryOf({ credential: 'nope' }, '')).toEqual({});
  });
});
