import type { Configuration } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { resolveForm } from '../../../test/contractForm';
import {
  configurationForm,
  configurationFormOf,
  configurationInputOf,
  emptyConfigurationForm,
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

  it('requires a name and bounds the texts with the contract bounds, in the spec words', async () => {
    const errorsOf = async (patch: object) =>
      (await resolveForm(configurationForm, { ...emptyConfigurationForm(), ...patch })).errors;
    expect(await errorsOf({ name: '  ' })).toEqual({ name: 'This field is required.' });
    expect((await errorsOf({ name: 'x'.repeat(101) })).name).toBe('Must be at most 100 characters.');
    expect((await errorsOf({ name: 'ok', description: 'd'.repeat(501) })).description).toBe(
      'Must be at most 500 characters.',
    );
    expect(await errorsOf({ name: 'ok' })).toEqual({});
    expect((await resolveForm(configurationForm, emptyConfigurationForm(), 'it')).errors.name).toBe(
      'Questo campo è obbligatorio.',
    );
  });
});
