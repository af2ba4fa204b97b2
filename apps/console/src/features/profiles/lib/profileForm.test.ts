import { describe, expect, it } from 'vitest';
import { englishMessage as message, resolveForm } from '../../../test/contractForm';
import {
  emptyProfileForm,
  liveStepErrors,
  moveStep,
  newStep,
  profileForm,
  profileInputOf,
  profileQueryOf,
} from './profileForm';

const filled = () => {
  const v = emptyProfileForm();
  v.displayName = ' Ledger staff ';
  v.appId = 'a1';
  v.groupId = 'g1';
  v.steps = v.steps.map((s, i) => (s.action === 'fill' ? { ...s, target: i === 0 ? '#user' : '#pass' } : s));
  return v;
};

describe('profile form', () => {
  it('turns the drafts into the contract steps, each action with only its fields', () => {
    const v = filled();
    v.steps.push({ ...newStep('wait'), ms: '250' }, { ...newStep('click'), target: ' #go ' });
    expect(profileInputOf(v)).toEqual({
      displayName: 'Ledger staff',
      appId: 'a1',
      groupId: 'g1',
      flowId: null,
      steps: [
        { action: 'fill', target: '#user', value: 'username', text: '' },
        { action: 'fill', target: '#pass', value: 'password', text: '' },
        { action: 'press', key: 'Enter' },
        { action: 'wait', ms: 250 },
        { action: 'click', target: '#go' },
      ],
    });
  });

  it('requires the fields, a step, a target, a fixed text, and a wait within bounds', async () => {
    expect((await resolveForm(profileForm, filled())).errors).toEqual({});
    const v = filled();
    v.steps = [];
    expect((await resolveForm(profileForm, v)).errors).toEqual({ steps: message('required') });
    v.steps = [
      { ...newStep('fill'), value: 'text' },
      { ...newStep('wait'), ms: '99' },
      { ...newStep('wait'), ms: '' },
    ];
    const wait = message('range', { min: 100, max: 30_000 });
    expect((await resolveForm(profileForm, { ...v, displayName: '', appId: '' })).errors).toEqual({
      appId: message('required'),
      displayName: message('required'),
      'steps.0.target': message('required'),
      'steps.0.text': message('required'),
      'steps.1.ms': wait,
      'steps.2.ms': wait,
    });
  });

  it('says the step rules as they are typed, a missing target or name only on save', () => {
    const v = {
      ...filled(),
      displayName: '',
      steps: [
        { ...newStep('fill'), value: 'text' as const },
        { ...newStep('wait'), ms: '99' },
      ],
    };
    const live = Object.entries(liveStepErrors(v.steps));
    expect(Object.fromEntries(live.map(([path, e]) => [path, e.key]))).toEqual({
      'steps.0.text': 'required',
      'steps.1.ms': 'range',
    });
  });

  it('moves a step and ignores a move past either end', () => {
    const steps = [newStep('fill'), newStep('click'), newStep('press')];
    expect(moveStep(steps, 2, 0).map((s) => s.action)).toEqual(['press', 'fill', 'click']);
    expect(moveStep(steps, 0, -1)).toEqual(steps);
  });

  it('queries the applied filters as ids', () => {
    expect(profileQueryOf({ app_id: 'a1', group_id: null, flow_id: '' }, ' led ')).toEqual({
      app_id: 'a1',
      search: 'led',
    });
  });
});
