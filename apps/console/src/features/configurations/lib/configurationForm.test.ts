import type { Configuration } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import {
  configurationFormOf,
  configurationInputOf,
  emptyConfigurationForm,
  validateConfigurationForm,
} from './configurationForm';

const group: Configuration = {
  id: 'g1',
  name: 'Contractors',
  description: 'External staff',
  app_credential_biometry: 'weak',
  workstation_login_enabled: false,
  web_login_enabled: true,
  allowed: ['password', 'mail', 'totp'],
  allowed_credential_types: ['password', 'mail', 'totp'],
  members_count: 3,
};

describe('configuration group form', () => {
  it('starts with every credential kind available', () => {
    const v = emptyConfigurationForm();
    expect(Object.values(v.available).every(Boolean)).toBe(true);
    expect(configurationInputOf({ ...v, name: 'X' }).allowed).toEqual([
      'password',
      'pin',
      'app',
      'mail',
      'sms',
      'totp',
      'hotp',
    ]);
  });

  it('maps allowed kinds to check boxes and back in catalogue order', () => {
    const v = configurationFormOf(group);
    expect(v.available).toEqual({
      password: true,
      pin: false,
      app: false,
      mail: true,
      sms: false,
      totp: true,
      hotp: false,
    });
    expect(configurationInputOf({ ...v, available: { ...v.available, hotp: true, password: false } }).allowed).toEqual([
      'mail',
      'totp',
      'hotp',
    ]);
  });

  it('a group that forbids SMS sends every kind but sms', () => {
    const v = emptyConfigurationForm();
    const input = configurationInputOf({ ...v, name: '  No SMS  ', available: { ...v.available, sms: false } });
    expect(input.name).toBe('No SMS');
    expect(input.allowed).not.toContain('sms');
    expect(input.allowed).toHaveLength(6);
  });

  it('requires a name and bounds the texts', () => {
    expect(validateConfigurationForm(emptyConfigurationForm()).name?.key).toBe('required');
    expect(validateConfigurationForm({ ...emptyConfigurationForm(), name: 'x'.repeat(101) }).name?.key).toBe(
      'maxLength',
    );
    expect(
      validateConfigurationForm({ ...emptyConfigurationForm(), name: 'ok', description: 'd'.repeat(501) }).description
        ?.key,
    ).toBe('maxLength');
    expect(validateConfigurationForm({ ...emptyConfigurationForm(), name: 'ok' })).toEqual({});
  });
});
