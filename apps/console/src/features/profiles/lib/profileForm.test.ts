import { describe, expect, it } from 'vitest';
import {
  emptyProfileForm,
  moveStep,
  newStep,
  profileInputOf,
  profileQueryOf,
  validateProfileForm,
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

  it('requires the fields, a step, a target, a fixed text, and a wait within bounds', () => {
    expect(validateProfileForm(filled())).toEqual({});
    const v = filled();
    v.steps = [];
    expect(Object.keys(validateProfileForm(v))).toEqual(['steps']);
    v.steps = [
      { ...newStep('fill'), value: 'text' },
      { ...newStep('wait'), ms: '99' },
    ];
    expect(Object.keys(validateProfileForm({ ...v, displayName: '', appId: '' })).sort()).toEqual(
      ['appId', 'displayName', 'steps.0.target', 'steps.0.text', 'steps.1.ms'].sort(),
    );
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
