import type { Credential } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { credentialChoices, credentialInputOf, emptyCredentialForm, secretFieldOf } from './credentialKinds';

const cred = (type: Credential['type']) => ({ id: type, type }) as Credential;

describe('credential kinds', () => {
  it('offers only the allowed kinds, in catalogue order', () => {
    expect(credentialChoices(['totp', 'mail', 'password']).map((c) => c.type)).toEqual(['mail', 'password', 'totp']);
    expect(credentialChoices([])).toEqual([]);
    expect(credentialChoices(['bogus', 'pin']).map((c) => c.type)).toEqual(['pin']);
  });

  it('disables single kinds the member already holds, not multi kinds', () => {
    const choices = credentialChoices(['totp', 'hotp', 'keypair'], [cred('totp'), cred('hotp'), cred('keypair')]);
    expect(choices).toEqual([
      { type: 'totp', disabled: true, reason: 'present' },
      { type: 'hotp', disabled: false },
      { type: 'keypair', disabled: false },
    ]);
  });

  it('shows the kinds the CMS settings do not issue, disabled', () => {
    expect(credentialChoices(['app', 'totp', 'password'], [], ['password'])).toEqual([
      { type: 'password', disabled: false },
      { type: 'app', disabled: true, reason: 'cms' },
      { type: 'totp', disabled: true, reason: 'cms' },
    ]);
  });

  it('asks for the secret each kind needs', () => {
    expect(secretFieldOf('password')).toBe('value');
    expect(secretFieldOf('pin')).toBe('value');
    expect(secretFieldOf('keypair')).toBe('public_key');
    expect(secretFieldOf('smartcard')).toBe('certificate');
    expect(secretFieldOf('totp')).toBeNull();
    expect(secretFieldOf('app')).toBeNull();
  });

  it('puts the secret only in its field', () => {
    expect(credentialInputOf({ ...emptyCredentialForm, type: 'pin', secret: '1234', description: ' desk ' })).toEqual({
      type: 'pin',
      description: 'desk',
      is_web: true,
      is_api: false,
      windows_login: false,
      value: '1234',
    });
    const totp = credentialInputOf({ ...emptyCredentialForm, type: 'totp', secret: 'ignored' });
    expect(totp).not.toHaveProperty('value');
    const key = credentialInputOf({
      ...emptyCredentialForm,
      type: 'keypair',
      secret: '\n-----BEGIN PUBLIC KEY-----\n',
    });
    expect(key.public_key).toBe('-----BEGIN PUBLIC KEY-----');
  });
});
