import { describe, expect, it } from 'vitest';
import { englishMessage as message, resolveForm } from '../../../test/contractForm';
import { laFlowChanged, laFlowForm, laFlowFormOf, laFlowInputOf } from './laFlowForm';

const unset = { stages: [], terminatingCredentials: [], updated_at: null };

describe('la flow form', () => {
  it('starts a flow never saved with one empty stage, which is not a change yet but is refused on save', async () => {
    const form = laFlowFormOf(unset);
    expect(form.stages.map((s) => s.kinds)).toEqual([[]]);
    expect(laFlowChanged(unset, form)).toBe(false);
    expect((await resolveForm(laFlowForm, form)).errors).toEqual({ 'stages.0': message('required') });
  });

  it('sees a change in the stages or terminating credentials, kinds in catalogue order', async () => {
    const saved = { stages: [['password' as const]], terminatingCredentials: [], updated_at: '2030-01-01T00:00:00Z' };
    const form = laFlowFormOf(saved);
    expect(laFlowChanged(saved, form)).toBe(false);
    const changed = { ...form, stages: [{ id: 's1', kinds: ['totp' as const, 'password' as const] }] };
    expect(laFlowChanged(saved, changed)).toBe(true);
    expect(laFlowInputOf(changed)).toEqual({ stages: [['password', 'totp']], terminatingCredentials: [] });
    expect((await resolveForm(laFlowForm, { ...form, terminatingCredentials: ['sms'] })).errors).toHaveProperty(
      'terminatingCredentials',
    );
  });
});
