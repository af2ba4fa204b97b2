import { type CustomerSettings, defaultSettings } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { changedSections, settingsResolver } from './settingsForm';

describe('settings form', () => {
  const t = i18n.getFixedT('en');

  it('reports contract messages under the dotted field paths', async () => {
    const values = defaultSettings();
    values.sca.pin_credential.min_length = 12;
    values.general.sms_message = 'no placeholder';
    const result = await settingsResolver(t)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    const message = (path: string) =>
      (
        path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], result.errors) as {
          message: string;
        }
      ).message;
    expect(message('sca.pin_credential.min_length')).toBe('Value must be between 4 and 8.');
    expect(message('general.sms_message')).toBe('The SMS message must include the {otp} placeholder.');
  });

  it('passes valid settings through', async () => {
    const values = defaultSettings();
    const result = await settingsResolver(t)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({});
    expect(result.values).toBe(values);
  });

  it('patches only the changed sections', () => {
    const initial = defaultSettings();
    const current: CustomerSettings = structuredClone(initial);
    expect(changedSections(initial, current)).toEqual({});
    current.cms.card_code_length = 10;
    expect(changedSections(initial, current)).toEqual({ cms: current.cms });
  });
});
