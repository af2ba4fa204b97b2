import { describe, expect, it } from 'vitest';
import { hotpMatchCounter, totpAt, totpMatchStep } from './otp.ts';

// RFC 4226 appendix D and RFC 6238 appendix B secrets, base32-encoded.
const SHA1 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const SHA256 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZA';
const SHA512 =
  'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNA';

describe('HOTP (RFC 4226 test vectors)', () => {
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(expected.map((code, counter) => [counter, code] as const))('counter %i gives %s', (counter, code) => {
    expect(hotpMatchCounter(SHA1, { algorithm: 'SHA1', digits: 6, window: 0 }, code, counter)).toBe(counter);
  });
  it('finds a code ahead of the counter within the window only', () => {
    const p = { algorithm: 'SHA1' as const, digits: 6, window: 5 };
    expect(hotpMatchCounter(SHA1, p, '254676', 0)).toBe(5);
    expect(hotpMatchCounter(SHA1, p, '287922', 0)).toBeNull();
    expect(hotpMatchCounter(SHA1, p, '755224', 1)).toBeNull();
  });
});

describe('TOTP (RFC 6238 test vectors, 8 digits, 30 s)', () => {
  const cases: Array<[number, string, string, 'SHA1' | 'SHA256' | 'SHA512']> = [
    [59, '94287082', SHA1, 'SHA1'],
    [59, '46119246', SHA256, 'SHA256'],
    [59, '90693936', SHA512, 'SHA512'],
    [1111111109, '07081804', SHA1, 'SHA1'],
    [1111111111, '14050471', SHA1, 'SHA1'],
    [1234567890, '89005924', SHA1, 'SHA1'],
    [2000000000, '69279037', SHA1, 'SHA1'],
    [20000000000, '65353130', SHA1, 'SHA1'],
    [1234567890, '91819424', SHA256, 'SHA256'],
    [2000000000, '90698825', SHA256, 'SHA256'],
    [1234567890, '93441116', SHA512, 'SHA512'],
  ];
  it.each(cases)('T=%i gives %s', (t, code, secret, algorithm) => {
    const p = { algorithm, digits: 8, period: 30 };
    expect(totpAt(secret, p, new Date(t * 1000))).toBe(code);
    expect(totpMatchStep(secret, p, code, new Date(t * 1000))).toBe(Math.floor(t / 30));
  });
  it('accepts one step of drift and no more', () => {
    const p = { algorithm: 'SHA1' as const, digits: 8, period: 30 };
    expect(totpMatchStep(SHA1, p, '07081804', new Date(1111111109_000 + 30_000))).toBe(37037036);
    expect(totpMatchStep(SHA1, p, '07081804', new Date(1111111109_000 + 65_000))).toBeNull();
  });
  it("reads codes on the device's clock when a resync recorded its drift", () => {
    // The device runs 20 steps (10 minutes) behind: its code of T=1111111109 comes 10 minutes later.
    const p = { algorithm: 'SHA1' as const, digits: 8, period: 30, drift: -20 };
    const later = new Date(1111111109_000 + 600_000);
    expect(totpMatchStep(SHA1, p, '07081804', later)).toBe(37037036);
    expect(totpMatchStep(SHA1, { ...p, drift: 0 }, '07081804', later)).toBeNull();
    expect(totpAt(SHA1, p, new Date(1111111109_000))).toBe('07081804');
  });
});
