import type { Configuration } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { emptyGroupForm, groupFormOf, groupInputOf, validateGroupForm } from './groupForm';

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
    const v = emptyGroupForm();
    expect(Object.values(v.available).every(Boolean)).toBe(true);
    expect(groupInputOf({ ...v, name: 'X' }).allowed).toEqual([
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
    const v = groupFormOf(group);
    expect(v.available).toEqual({
      password: true,
      pin: false,
      app: false,
      mail: true,
      sms: false,
      totp: true,
      hotp: false,
    });
    expect(groupInputOf({ ...v, available: { ...v.available, hotp: true, password: false } }).allowed).toEqual([
      'mail',
      'totp',
      'hotp',
    ]);
  });

  it('a group that forbids SMS sends every kind but sms', () => {
    const v = emptyGroupForm();
    const input = groupInputOf({ ...v, name: '  No SMS  ', available: { ...v.available, sms: false } });
    expect(input.name).toBe('No SMS');
    expect(input.allowed).not.toContain('sms');
    expect(input.allowed).toHaveLength(6);
  });

  it('requires a name and bounds the texts', () => {
    expect(validateGroupForm(emptyGroupForm()).name?.key).toBe('required');
    expect(validateGroupForm({ ...emptyGroupForm(), name: 'x'.repeat(101) }).name?.key).toBe('maxLength');
    expect(validateGroupForm({ ...emptyGroupForm(), name: 'ok', description: 'd'.repeat(501) }).description?.key).toBe(
      'maxLength',
    );
    expect(validateGroupForm({ ...emptyGroupForm(), name: 'ok' })).toEqual({});
  });
});
