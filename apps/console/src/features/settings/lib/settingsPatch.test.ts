import { defaultSettings } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import type { SettingsValues } from './settingsForm';
import { changedSettings } from './settingsPatch';

describe('settings patch', () => {
  it('carries only the changed fields of the edited sections, however deep', () => {
    const before = defaultSettings();
    const after: SettingsValues = structuredClone(before);
    expect(changedSettings(before, after, ['general', 'sca', 'cms'])).toEqual({});
    after.sca.totp_credential.time_step = 45;
    after.cms.transport_puk.default = '000000';
    after.general.primary_color = '#123456';
    expect(changedSettings(before, after, ['sca', 'cms'])).toEqual({
      sca: { totp_credential: { time_step: 45 } },
      cms: { transport_puk: { default: '000000' } },
    });
  });

  it('sends the write-only SMS token only when it is replaced or removed', () => {
    const before = defaultSettings();
    const after: SettingsValues = structuredClone(before);
    after.general.sms_api_token = undefined;
    expect(changedSettings(before, after, ['general'])).toEqual({});
    after.general.sms_api_token = '';
    expect(changedSettings(before, after, ['general'])).toEqual({ general: { sms_api_token: '' } });
  });
});
