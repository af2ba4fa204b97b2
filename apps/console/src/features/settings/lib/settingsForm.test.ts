import { defaultSettings, type SettingsSection, settingsValidators } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import {
  boundsOf,
  choicesOf,
  maxLengthOf,
  type SettingsValues,
  settingsErrors,
  settingsResolver,
} from './settingsForm';

describe('settings form checks', () => {
  const t = i18n.getFixedT('en');
  const validators = settingsValidators();
  const messages = (values: SettingsValues, v = validators, sections: SettingsSection[] = ['general', 'sca', 'cms']) =>
    Object.fromEntries(Object.entries(settingsErrors(values, v, sections)).map(([k, e]) => [k, e.message]));

  it('reads bounds, choices and maximum lengths from the validators', () => {
    expect(boundsOf(validators, 'sca.totp_credential.time_step')).toEqual({ min: 10, max: 60 });
    expect(choicesOf(validators, 'sca.hotp_credential.length')).toEqual([6, 8]);
    expect(choicesOf(validators, 'general.language')).toEqual(['en', 'fr', 'it']);
    expect(maxLengthOf(validators, 'general.login_page_text')).toBe(500);
    // The six templates share one limit per field.
    expect(maxLengthOf(validators, 'general.send_otp.subject')).toBe(200);
    expect(maxLengthOf(validators, 'sca.totp_credential.time_step')).toBeNull();
  });

  it('checks bounds and lengths with the bounds the server sent, not the ones it was built with', () => {
    const values: SettingsValues = defaultSettings();
    values.sca.totp_credential.time_step = 55;
    values.general.sms_sender = 'ABCDEFGH';
    const narrower = {
      ...validators,
      'sca.totp_credential.time_step': { min: 15, max: 50 },
      'general.sms_sender': { maxLength: 6 },
    };
    expect(messages(values, narrower)).toEqual({
      'sca.totp_credential.time_step': 'Value must be between 15 and 50.',
      'general.sms_sender': 'Must be at most 6 characters.',
    });
    expect(messages(values)).toEqual({});
  });

  it('adds the contract rules the validators do not carry, and only for the edited sections', () => {
    const values: SettingsValues = defaultSettings();
    values.sca.pin_credential.min_length = 12;
    values.general.sms_message = 'no placeholder';
    values.general.sms_endpoint = 'ftp://gateway.example';
    values.general.send_otp = { subject: 'Your code', content: 'Hello {username}' };
    values.cms.card_code_length = Number.NaN;
    expect(messages(values)).toEqual({
      'sca.pin_credential.min_length': 'Value must be between 4 and 8.',
      'general.sms_message': 'The SMS message must include the {otp} placeholder.',
      'general.sms_endpoint': 'The URL must start with http:// or https://.',
      'general.send_otp.content': 'Mandatory tag is missing: otp.',
      'cms.card_code_length': 'Value must be between 6 and 12.',
    });
    expect(Object.keys(messages(values, validators, ['cms']))).toEqual(['cms.card_code_length']);
  });

  it('resolves with the messages under the dotted paths, in the user’s language', async () => {
    const values: SettingsValues = defaultSettings();
    values.sca.totp_credential.time_step = 9;
    values.general.sms_api_token = 'x'.repeat(501);
    const resolve = (lng: string) =>
      settingsResolver(i18n.getFixedT(lng), validators, ['general', 'sca'])(values, undefined, {
        fields: {},
        shouldUseNativeValidation: false,
      });
    const en = (await resolve('en')).errors as unknown as Record<string, Record<string, Record<string, unknown>>>;
    expect(en.sca?.totp_credential?.time_step).toMatchObject({ message: 'Value must be between 10 and 60.' });
    expect(en.general?.sms_api_token).toMatchObject({ message: 'Must be at most 500 characters.' });
    const it = (await resolve('it')).errors as unknown as Record<string, Record<string, Record<string, unknown>>>;
    expect(it.sca?.totp_credential?.time_step).toMatchObject({
      message: 'Il valore deve essere compreso tra 10 e 60.',
    });
    const ok = await settingsResolver(t, validators, ['general'])(defaultSettings(), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(ok.errors).toEqual({});
  });
});
