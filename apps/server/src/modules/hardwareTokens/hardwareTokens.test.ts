import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureOathtool } from '../../../../../scripts/ensure-oathtool.mjs';
import { acmeAndGlobex } from '../../test/acme-and-globex.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, post } from '../../test/harness.ts';

/**
 * Hardware tokens: RFC 6030's own PSKC examples import, and the codes of the assigned token are
 * those of oathtool (an OATH implementation nobody here wrote), before and after resync.
 */
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
/** The secret of RFC 6030's Figures 3 and 6 (RFC 4226's test seed), hex. */
const RFC_SEED = Buffer.from('12345678901234567890').toString('hex');
const PSK = '12345678901234567890123456789012';

const oathtool = ensureOathtool().oathtool;
const hotp = (seedHex: string, counter: number, digits: number) =>
  execFileSync(oathtool, ['--hotp', '-c', String(counter), '-d', String(digits), seedHex], { encoding: 'utf8' }).trim();
/** oathtool's TOTP code at a moment (its own clock set with --now). */
const totp = (seedHex: string, at: Date, digits = 6) =>
  execFileSync(
    oathtool,
    [
      '--totp',
      '-d',
      String(digits),
      '--now',
      at
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC'),
      seedHex,
    ],
    { encoding: 'utf8' },
  ).trim();

/** A plain PSKC file of one token, as a vendor would write it. */
function pskc(serial: string, kind: 'hotp' | 'totp', seedHex: string, digits = 6, extra = '') {
  const data =
    kind === 'hotp'
      ? '<Counter><PlainValue>0</PlainValue></Counter>'
      : '<TimeInterval><PlainValue>30</PlainValue></TimeInterval>';
  return `<?xml version="1.0"?>
<KeyContainer Version="1.0" xmlns="urn:ietf:params:xml:ns:keyprov:pskc">
  <KeyPackage>
    <DeviceInfo><Manufacturer>Test</Manufacturer><SerialNo>${serial}</SerialNo></DeviceInfo>
    <Key Id="${serial}" Algorithm="urn:ietf:params:xml:ns:keyprov:pskc:${kind}">
      <AlgorithmParameters><ResponseFormat Length="${digits}" Encoding="DECIMAL"/></AlgorithmParameters>
      <Data><Secret><PlainValue>${Buffer.from(seedHex, 'hex').toString('base64')}</PlainValue></Secret>${data}</Data>
    </Key>
  </KeyPackage>${extra}
</KeyContainer>`;
}

describe.each(testDatabases())('hardware tokens on $name', (database) => {
  const s = acmeAndGlobex(database);
  const importFile = (xml: string, token = s.acme, pre_shared_key?: string) =>
    post(s.h.app, 'hardware-tokens/import/', { pskc: xml, ...(pre_shared_key ? { pre_shared_key } : {}) }, token);
  const bySerial = async (serial: string, token = s.acme) =>
    (await call(s.h.app, 'GET', `hardware-tokens/?search=${encodeURIComponent(serial)}`, token)).body.results[0];
  const testCode = (memberId: string, credentialId: string, value: string, token = s.acme) =>
    post(s.h.app, `users/${memberId}/credentials/${credentialId}/test/`, { value }, token);
  /** A new member holding a new token of `kind` with a random seed. */
  async function assigned(kind: 'hotp' | 'totp') {
    const serial = `T${randomBytes(4).toString('hex')}`;
    const seed = randomBytes(20).toString('hex');
    expect((await importFile(pskc(serial, kind, seed))).body.imported).toBe(1);
    const token = await bySerial(serial);
    const m = await s.member();
    const res = await post(s.h.app, `hardware-tokens/${token.id}/assign/`, { member_id: m.id }, s.acme);
    expect(res.status).toBe(200);
    return { seed, token: res.body, member: m, credentialId: res.body.credential_id as string };
  }

  it("imports RFC 6030 Figure 3, skips it the second time, and the assigned token's codes are oathtool's", async () => {
    const first = await importFile(fixture('rfc6030-figure3.xml'));
    expect(first).toEqual({ status: 200, body: { imported: 1, skipped: [], errors: [] } });
    expect((await importFile(fixture('rfc6030-figure3.xml'))).body).toEqual({
      imported: 0,
      skipped: ['987654321'],
      errors: [],
    });
    const token = await bySerial('987654321');
    expect(token).toMatchObject({
      serial: '987654321',
      kind: 'hotp',
      digits: 8,
      algorithm: 'SHA1',
      period: null,
      manufacturer: 'Manufacturer',
      state: 'stock',
      member: null,
      credential_id: null,
    });
    const m = await s.member();
    const res = await post(s.h.app, `hardware-tokens/${token.id}/assign/`, { username: m.username }, s.acme);
    expect(res.body).toMatchObject({ state: 'assigned', member: { id: m.id, username: m.username } });
    const credentials = (await call(s.h.app, 'GET', `users/${m.id}/credentials/`, s.acme)).body;
    expect(credentials).toEqual([
      expect.objectContaining({
        id: res.body.credential_id,
        type: 'hotp',
        token_serial: '987654321',
        isEnrolled: true,
      }),
    ]);
    expect((await call(s.h.app, 'GET', `users/${m.id}/`, s.acme)).body.credential_types).toEqual(['hotp']);
    // RFC 4226's test vectors, as oathtool computes them from the seed the RFC's file holds.
    expect(hotp(RFC_SEED, 0, 8)).toBe('84755224');
    for (const counter of [0, 1, 2]) {
      expect((await testCode(m.id, res.body.credential_id, hotp(RFC_SEED, counter, 8))).body.ok).toBe(true);
    }
    // The seed is never answered, in any form.
    const everything = JSON.stringify([token, res.body, credentials]);
    for (const form of ['GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 'MTIzNDU2Nzg5MDEyMzQ1Njc4OTA', RFC_SEED])
      expect(everything).not.toContain(form);
    const events = (await call(s.h.app, 'GET', 'audit/?action=hardware_token.', s.acme)).body.results;
    expect(events.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['hardware_token.import', 'hardware_token.assign']),
    );
  });

  it('imports RFC 6030 Figure 2, which names its key by Id only', async () => {
    expect((await importFile(fixture('rfc6030-figure2.xml'))).body).toMatchObject({ imported: 1 });
    expect(await bySerial('12345678')).toMatchObject({ kind: 'hotp', digits: 6, manufacturer: null });
  });

  it('imports RFC 6030 Figure 6 with its pre-shared key; a wrong key or an altered MAC imports nothing', async () => {
    const xml = fixture('rfc6030-figure6.xml');
    const count = async () => (await call(s.h.app, 'GET', 'hardware-tokens/', s.globex)).body.count;
    const before = await count();
    expect((await importFile(xml, s.globex)).body.code).toBe('pskcKeyNeeded');
    const wrong = await importFile(xml, s.globex, '00112233445566778899aabbccddeeff');
    expect(wrong).toMatchObject({ status: 422, body: { code: 'pskcKeyWrong' } });
    const altered = xml.replace('Su+NvtQfmvfJzF6bmQiJqoLRExc=', 'Su+NvtQfmvfJzF6bmQiJqoLSExc=');
    expect((await importFile(altered, s.globex, PSK)).body.code).toBe('pskcKeyWrong');
    expect(await count()).toBe(before);

    expect((await importFile(xml, s.globex, PSK)).body).toEqual({ imported: 1, skipped: [], errors: [] });
    const token = await bySerial('987654321', s.globex);
    expect(token).toMatchObject({ kind: 'hotp', digits: 8 });
    const m = await s.member({}, s.globex);
    const res = await post(s.h.app, `hardware-tokens/${token.id}/assign/`, { member_id: m.id }, s.globex);
    expect((await testCode(m.id, res.body.credential_id, hotp(RFC_SEED, 0, 8), s.globex)).body.ok).toBe(true);

    // Acme sees none of Globex's tokens, and Globex's ids answer 404.
    const acmeList = (await call(s.h.app, 'GET', 'hardware-tokens/?page_size=100', s.acme)).body.results;
    expect(acmeList.map((t: { id: string }) => t.id)).not.toContain(token.id);
    expect((await call(s.h.app, 'GET', `hardware-tokens/${token.id}/`, s.acme)).status).toBe(404);
    expect((await post(s.h.app, `hardware-tokens/${token.id}/retire/`, {}, s.acme)).status).toBe(404);
    expect(
      (await post(s.h.app, `hardware-tokens/${token.id}/resync/`, { code1: '123456', code2: '123456' }, s.acme)).status,
    ).toBe(404);
    expect((await bySerial('987654321', s.globex)).state).toBe('assigned');
  });

  it('refuses a DOCTYPE and what is not PSKC, and reports the keys it cannot read', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE k [<!ENTITY x SYSTEM "file:///etc/passwd">]>${pskc('X1', 'hotp', RFC_SEED).replace(/^<\?xml[^>]*>/, '')}`;
    expect((await importFile(xxe)).body).toMatchObject({ code: 'pskcDoctype' });
    expect((await importFile('<a><b></a>')).body.code).toBe('pskcInvalid');
    expect((await importFile('<KeyContainer xmlns="urn:other"/>')).body.code).toBe('pskcInvalid');
    const ocra = `<KeyPackage><DeviceInfo><SerialNo>OCRA-1</SerialNo></DeviceInfo>
      <Key Id="o" Algorithm="urn:ietf:params:xml:ns:keyprov:pskc#OCRA-1"><Data/></Key></KeyPackage>`;
    const serial = `G${randomBytes(4).toString('hex')}`;
    const res = await importFile(pskc(serial, 'hotp', RFC_SEED, 6, ocra));
    expect(res.body).toEqual({
      imported: 1,
      skipped: [],
      errors: [{ key: 'OCRA-1', code: 'pskcKeyAlgorithm', reason: 'Only HOTP and TOTP keys can be imported.' }],
    });
  });

  it('resynchronises a drifted HOTP token with two consecutive codes', async () => {
    const { seed, member, credentialId, token } = await assigned('hotp');
    // Pressed 500 times away from the server: beyond the sign-in's look-ahead.
    expect((await testCode(member.id, credentialId, hotp(seed, 502, 6))).body.ok).toBe(false);
    const url = `hardware-tokens/${token.id}/resync/`;
    const refused = await post(s.h.app, url, { code1: hotp(seed, 500, 6), code2: hotp(seed, 502, 6) }, s.acme);
    expect(refused).toMatchObject({ status: 422, body: { code: 'hardwareTokenResyncFailed' } });
    const ok = await post(s.h.app, url, { code1: hotp(seed, 500, 6), code2: hotp(seed, 501, 6) }, s.acme);
    expect(ok).toMatchObject({ status: 200, body: { state: 'assigned' } });
    expect((await testCode(member.id, credentialId, hotp(seed, 501, 6))).body.ok).toBe(false);
    expect((await testCode(member.id, credentialId, hotp(seed, 502, 6))).body.ok).toBe(true);
  });

  it("resynchronises a TOTP token whose clock runs ahead; its codes are oathtool's", async () => {
    const { seed, member, credentialId, token } = await assigned('totp');
    const now = s.h.clock.now();
    expect((await testCode(member.id, credentialId, totp(seed, now))).body.ok).toBe(true);
    // Ten minutes ahead: twenty steps.
    const ahead = (steps: number) => new Date(now.getTime() + steps * 30_000);
    expect((await testCode(member.id, credentialId, totp(seed, ahead(21)))).body.ok).toBe(false);
    const url = `hardware-tokens/${token.id}/resync/`;
    expect(
      (await post(s.h.app, url, { code1: totp(seed, ahead(20)), code2: totp(seed, ahead(21)) }, s.acme)).status,
    ).toBe(200);
    // The codes it used are spent; the token's next one passes a step later.
    expect((await testCode(member.id, credentialId, totp(seed, ahead(21)))).body.ok).toBe(false);
    s.h.clock.advance(30);
    expect((await testCode(member.id, credentialId, totp(seed, ahead(22)))).body.ok).toBe(true);
  });

  it('assigns only with cms.token on and where the configuration allows the kind', async () => {
    const serial = `C${randomBytes(4).toString('hex')}`;
    await importFile(pskc(serial, 'hotp', RFC_SEED));
    const token = await bySerial(serial);
    const m = await s.member();
    const settings = `customers/${s.customerId}/settings/`;
    await call(s.h.app, 'PATCH', settings, s.acme, { cms: { token: false } });
    const off = await post(s.h.app, `hardware-tokens/${token.id}/assign/`, { member_id: m.id }, s.acme);
    expect(off).toMatchObject({ status: 403, body: { code: 'hardwareTokensDisabled' } });
    await call(s.h.app, 'PATCH', settings, s.acme, { cms: { token: true } });

    const group = await post(s.h.app, 'groups/', { name: `No OTP ${serial}`, allowed: ['password'] }, s.acme);
    const restricted = await s.member({ group_id: group.body.id });
    const notAllowed = await post(s.h.app, `hardware-tokens/${token.id}/assign/`, { member_id: restricted.id }, s.acme);
    expect(notAllowed).toMatchObject({ status: 422, body: { code: 'credentialNotAllowed' } });
    expect((await post(s.h.app, `hardware-tokens/${token.id}/assign/`, {}, s.acme)).body.code).toBe(
      'hardwareTokenMemberNeeded',
    );
    expect(
      (await post(s.h.app, `hardware-tokens/${token.id}/assign/`, { username: 'nobody-at-all' }, s.acme)).body.code,
    ).toBe('memberUsernameUnknown');
    expect((await bySerial(serial)).state).toBe('stock');
  });

  it('retires a lost token: its credential goes and it is never assigned again', async () => {
    const { member, token } = await assigned('hotp');
    const retired = await post(s.h.app, `hardware-tokens/${token.id}/retire/`, {}, s.acme);
    expect(retired.body).toMatchObject({ state: 'retired', member: null, credential_id: null });
    expect((await call(s.h.app, 'GET', `users/${member.id}/credentials/`, s.acme)).body).toEqual([]);
    const again = await post(s.h.app, `hardware-tokens/${token.id}/assign/`, { member_id: member.id }, s.acme);
    expect(again).toMatchObject({ status: 409, body: { code: 'hardwareTokenNotInStock' } });
    const list = (await call(s.h.app, 'GET', 'hardware-tokens/?state=retired&page_size=100', s.acme)).body;
    expect(list.results.map((t: { id: string }) => t.id)).toContain(token.id);
    expect((await call(s.h.app, 'GET', 'hardware-tokens/?state=stock,bogus', s.acme)).status).toBe(400);
  });
});
