import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { deviceModel } from './deviceModel';
import { importTotp, totpCode } from './totp';

const base32 = (text: string) => OTPAuth.Secret.fromUTF8(text).base32;

describe('the offline codes', () => {
  // RFC 6238, appendix B: 8 digits, 30 s, the secret's length per algorithm.
  it.each([
    ['SHA1', '12345678901234567890', 59, '94287082'],
    ['SHA1', '12345678901234567890', 1111111109, '07081804'],
    ['SHA1', '12345678901234567890', 20000000000, '65353130'],
    ['SHA256', '12345678901234567890123456789012', 59, '46119246'],
    ['SHA512', '1234567890123456789012345678901234567890123456789012345678901234', 1234567890, '93441116'],
  ] as const)('give RFC 6238 codes (%s at %i s)', async (algorithm, secret, at, code) => {
    const totp = await importTotp({ secret: base32(secret), digits: 8, period: 30, algorithm });
    expect(totp.key.extractable).toBe(false);
    expect(await totpCode(totp, at * 1000)).toBe(code);
  });

  it("match the server's library (otpauth) for 6 digits over a day of periods", async () => {
    const secret = new OTPAuth.Secret({ size: 20 });
    const server = new OTPAuth.TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
    const totp = await importTotp({ secret: secret.base32, digits: 6, period: 30, algorithm: 'SHA1' });
    for (let t = Date.UTC(2030, 0, 1); t < Date.UTC(2030, 0, 1) + 86_400_000; t += 30_000 * 97)
      expect(await totpCode(totp, t)).toBe(server.generate({ timestamp: t }));
  });
});

describe("the device's name", () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Android phone (Chrome)',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'iPhone (Safari)',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Android phone (Samsung Internet)',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0', 'Android phone (Firefox)'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36 Edg/126.0',
      'Windows computer (Edge)',
    ],
    ['curl/8.0', 'Phone'],
  ])('reads %s as %s', (ua, model) => {
    expect(deviceModel(ua)).toBe(model);
  });

  it('tells an iPad, which says it is a Mac, by its touch screen', () => {
    const ua =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    expect([deviceModel(ua, 5), deviceModel(ua, 0)]).toEqual(['iPad (Safari)', 'Mac (Safari)']);
  });
});
