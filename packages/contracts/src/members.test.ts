import { describe, expect, it } from 'vitest';
import { extraInfoError, findDuplicateKey, isValidPhone, memberFieldErrors, requiredEmailError } from './members.ts';

describe('phone numbers', () => {
  it.each(['+393331234567', '+14155550123', '+491511234567', '+3531234567890'])('accepts %s', (n) =>
    expect(isValidPhone(n)).toBe(true),
  );
  it.each(['393331234567', '+39333123456', '+393331234567 ', '+9993331234567', '+39 3331234567', '+', ''])(
    'refuses %j',
    (n) => expect(isValidPhone(n)).toBe(false),
  );
});

describe('extra_info JSON', () => {
  it('allows empty text and objects', () => {
    expect(extraInfoError('')).toBeNull();
    expect(extraInfoError('  ')).toBeNull();
    expect(extraInfoError('{"a": [1, {"a": 2}], "b": "a,\\"c\\""}')).toBeNull();
  });
  it('refuses invalid JSON and non-objects', () => {
    expect(extraInfoError('{a: 1}')?.message).toBe('This is not valid JSON.');
    expect(extraInfoError('"text"')?.message).toBe('This is not valid JSON.');
    expect(extraInfoError('null')?.message).toBe('This is not valid JSON.');
  });
  it('finds duplicate keys at any depth but not across objects', () => {
    expect(findDuplicateKey('{"a":1,"a":2}')).toBe('a');
    expect(findDuplicateKey('{"x":{"k":1,"k":2}}')).toBe('k');
    expect(findDuplicateKey('{"x":{"k":1},"y":{"k":2}}')).toBeNull();
    expect(findDuplicateKey('{"list":["a","a"]}')).toBeNull();
    expect(findDuplicateKey('{"k\\"q":1,"k\\"q":2}')).toBe('k"q');
    expect(extraInfoError('{"dept":"IT","dept":"HR"}')?.message).toBe('Duplicate JSON key not allowed: dept.');
  });
});

describe('member field rules', () => {
  it('collects every error with its path', () => {
    const errors = memberFieldErrors({
      username: ' ',
      email: 'nope',
      phone_number: '123',
      identities: [{ subject: '', issuer: '', validTo: 'not a date', microsoft_identity: '' }],
    });
    expect(Object.keys(errors).sort()).toEqual([
      'email',
      'identities.0.subject',
      'identities.0.validTo',
      'phone_number',
      'username',
    ]);
    expect(errors.username?.message).toBe('This field is required.');
  });
});

describe('a staff user address', () => {
  it('is required and must be an address', () => {
    expect(requiredEmailError(' ')?.key).toBe('required');
    expect(requiredEmailError('boss@')?.key).toBe('email');
    expect(requiredEmailError(' boss@initech.example ')).toBeNull();
  });
});
