import { describe, expect, it } from 'vitest';
import { readTokenClaims } from './tokenClaims.ts';

const claims = {
  user_type: 'CustomerUser',
  customer_id: 'c1',
  user_username: 'admin@acme.example',
  exp: 1_900_000_000,
};

describe('readTokenClaims', () => {
  it('answers the claims of a token payload and leaves its other claims out', () => {
    expect(readTokenClaims({ ...claims, sub: 'u1', sid: 's1', iat: 1, iss: 'portiere' })).toEqual(claims);
    const reseller = { user_type: 'ResellerUser', reseller_id: 'r1', user_username: 'p@n.example', exp: 1 };
    expect(readTokenClaims(reseller)).toEqual(reseller);
  });

  it('refuses a payload with a claim missing or of the wrong type', () => {
    for (const payload of [
      null,
      'token',
      [],
      { ...claims, user_type: 'Member' },
      { ...claims, customer_id: 7 },
      { ...claims, reseller_id: null },
      { ...claims, user_username: undefined },
      { ...claims, exp: '1900000000' },
      { ...claims, exp: Number.POSITIVE_INFINITY },
    ]) {
      expect(readTokenClaims(payload), JSON.stringify(payload)).toBeNull();
    }
  });
});
