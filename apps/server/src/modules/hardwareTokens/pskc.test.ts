import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPskc } from './pskc.ts';

/** The PSKC reader on RFC 6030's own examples and on what a hostile or odd file holds. */
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const PSK = Buffer.from('12345678901234567890123456789012', 'hex');
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return 'no error';
};

describe('PSKC reader', () => {
  it("opens Figure 6's secret with the pre-shared key once its MAC matched", () => {
    const [entry] = readPskc(fixture('rfc6030-figure6.xml'), PSK);
    expect(entry && 'key' in entry && entry.key).toMatchObject({
      serial: '987654321',
      kind: 'hotp',
      digits: 8,
      counter: 0,
      manufacturer: 'Manufacturer',
    });
    expect(entry && 'key' in entry && entry.key.secret.toString()).toBe('12345678901234567890');
  });

  it('refuses a missing or wrong key, an altered secret, and key derivation', () => {
    const xml = fixture('rfc6030-figure6.xml');
    expect(codeOf(() => readPskc(xml))).toBe('pskcKeyNeeded');
    expect(codeOf(() => readPskc(xml, Buffer.alloc(16)))).toBe('pskcKeyWrong');
    // One bit of the CipherValue changed: the MAC no longer matches, whatever the decryption gives.
    const altered = xml.replace('AAECAwQFBgcICQoLDA0OD+cI', 'AAECAwQFBgcICQoLDA0OD+cJ');
    expect(codeOf(() => readPskc(altered, PSK))).toBe('pskcKeyWrong');
    // Figure 7: a key derived from a password (PBKDF2) is not supported.
    expect(codeOf(() => readPskc(fixture('rfc6030-figure7.xml'), PSK))).toBe('pskcUnsupported');
  });

  it('reads a TOTP key with its suite and refuses a DTD, broken XML and deep nesting', () => {
    const totp = fixture('totp-plain.xml').replace('<ResponseFormat', '<Suite>HMAC-SHA256</Suite><ResponseFormat');
    const [entry] = readPskc(totp);
    expect(entry && 'key' in entry && entry.key).toMatchObject({ kind: 'totp', algorithm: 'SHA256', period: 30 });
    expect(codeOf(() => readPskc('<!DOCTYPE x [<!ENTITY a "b">]><KeyContainer/>'))).toBe('pskcDoctype');
    expect(codeOf(() => readPskc('<KeyContainer xmlns="urn:ietf:params:xml:ns:keyprov:pskc">'))).toBe('pskcInvalid');
    const deep = `<KeyContainer xmlns="urn:ietf:params:xml:ns:keyprov:pskc"><KeyPackage><Key Id="d" Algorithm="urn:ietf:params:xml:ns:keyprov:pskc:hotp"><Data><Secret><PlainValue>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</PlainValue></Secret></Data></Key></KeyPackage></KeyContainer>`;
    expect(['pskcInvalid', 'no error']).toContain(codeOf(() => readPskc(deep)));
  });
});
