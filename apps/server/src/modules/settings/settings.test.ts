import { defaultSettings, SETTING_BOUNDS } from '@portiere/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, resellers, staffUsers } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_PASSWORD } from '../../seed/demo.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../../test/harness.ts';

/** Builds `{a: {b: {c: value}}}` from 'a.b.c'. */
function patchAt(path: string, value: unknown): Record<string, unknown> {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((acc, key) => ({ [key]: acc }), value) as Record<string, unknown>;
}

describe.each(testDatabases())('customer settings on $name', (database) => {
  let h: Harness;
  let acmeToken: string;
  let globexToken: string;
  let resellerToken: string;
  let otherResellerToken: string;
  let acmeId: string;
  let globexId: string;
  let initechId: string;

  beforeAll(async () => {
    h = await startHarness(database);
    acmeToken = (await signIn(h, 'admin@acme.example')).access;
    globexToken = (await signIn(h, 'admin@globex.example')).access;
    resellerToken = (await signIn(h, 'partner@northwind.example')).access;
    const me = await call(h.app, 'GET', 'me/', resellerToken);
    acmeId = me.body.customers.find((c: { name: string }) => c.name === 'Acme').id;
    globexId = me.body.customers.find((c: { name: string }) => c.name === 'Globex').id;
    // A second reseller with its own customer, to prove resellers are isolated too.
    const db = h.app.services.db;
    const [other] = await db.insert(resellers).values({ name: 'Other Reseller' }).returning();
    const [initech] = await db
      .insert(customers)
      .values({ resellerId: other?.id ?? '', name: 'Initech' })
      .returning();
    initechId = initech?.id ?? '';
    await db.insert(staffUsers).values({
      userType: 'ResellerUser',
      resellerId: other?.id,
      username: 'boss@other.example',
      email: 'boss@other.example',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    otherResellerToken = (await signIn(h, 'boss@other.example')).access;
  });
  afterAll(() => h.close());

  it('answers every section with the spec defaults and the validators', async () => {
    // Initech's settings are never changed here, whatever order the tests run in.
    const res = await call(h.app, 'GET', `customers/${initechId}/settings/`, otherResellerToken);
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual(defaultSettings());
    expect(res.body.settings.general).toMatchObject({
      language: 'en',
      primary_color: '#000000',
      header_color: '#333333',
    });
    expect(res.body.settings.sca.totp_credential).toEqual({ time_step: 30, length: 6, algorithm: 'SHA1' });
    expect(res.body.settings.sca.hotp_credential).toEqual({
      window: 10,
      length: 6,
      algorithm: 'SHA1',
      max_attempts: 5,
    });
    expect(res.body.settings.cms.card_code_length).toBe(8);
    expect(res.body.validators['sca.pin_credential.min_length']).toEqual({ min: 4, max: 8 });
    expect(res.body.validators['sca.totp_credential.algorithm']).toEqual({ values: ['SHA1', 'SHA256', 'SHA512'] });
    expect(res.body.validators['general.language']).toEqual({ values: ['en', 'fr', 'it'] });
    // Text fields are bounded by the same validators the forms read.
    expect(res.body.settings.general.login_page_text).toBe('');
    expect(res.body.validators['general.login_page_text']).toEqual({ maxLength: 500 });
    expect(res.body.validators['general.sms_sender']).toEqual({ maxLength: 11 });
    expect(res.body.validators['general.mail_template.subject']).toEqual({ maxLength: 200 });
  });

  it('saves the login page text within its maxLength validator and refuses longer text', async () => {
    const url = `customers/${acmeId}/settings/`;
    const max = (await call(h.app, 'GET', url, acmeToken)).body.validators['general.login_page_text'].maxLength;
    const ok = await call(h.app, 'PATCH', url, acmeToken, { general: { login_page_text: 'é'.repeat(max) } });
    expect(ok.status).toBe(200);
    const long = await call(h.app, 'PATCH', url, acmeToken, { general: { login_page_text: 'x'.repeat(max + 1) } });
    expect(long.status).toBe(400);
    expect(long.body.details['general.login_page_text'].message).toBe(`Must be at most ${max} characters.`);
    expect((await call(h.app, 'GET', url, acmeToken)).body.settings.general.login_page_text).toBe('é'.repeat(max));
  });

  it("hides another tenant's settings behind 404", async () => {
    expect((await call(h.app, 'GET', `customers/${globexId}/settings/`, acmeToken)).status).toBe(404);
    expect(
      (await call(h.app, 'PATCH', `customers/${globexId}/settings/`, acmeToken, { la: { autologon: true } })).status,
    ).toBe(404);
    expect((await call(h.app, 'GET', `customers/${acmeId}/settings/`, otherResellerToken)).status).toBe(404);
    expect((await call(h.app, 'GET', 'customers/not-a-uuid/settings/', acmeToken)).status).toBe(404);
    expect((await call(h.app, 'GET', `customers/${acmeId}/settings/`)).status).toBe(401);
    const globex = await call(h.app, 'GET', `customers/${globexId}/settings/`, globexToken);
    expect(globex.body.settings.la.autologon).toBe(false);
  });

  it('lets the owning reseller read and change its customers', async () => {
    expect((await call(h.app, 'GET', `customers/${globexId}/settings/`, resellerToken)).status).toBe(200);
    const res = await call(h.app, 'PATCH', `customers/${globexId}/settings/`, resellerToken, {
      enroller: { token: false },
    });
    expect(res.body.settings.enroller).toEqual({ token: false, personal: true, smartphone: true });
  });

  it('saves a partial section and keeps the other fields', async () => {
    const known = await call(h.app, 'PATCH', `customers/${acmeId}/settings/`, acmeToken, {
      sca: { totp_credential: { time_step: 30, length: 6, algorithm: 'SHA1' } },
      general: { secondary_color: '#FFFFFF' },
    });
    expect(known.status).toBe(200);
    const res = await call(h.app, 'PATCH', `customers/${acmeId}/settings/`, acmeToken, {
      sca: { totp_credential: { time_step: 60, algorithm: 'SHA256' } },
      general: { sms_message: 'Code {otp} for Acme', primary_color: '#123ABC' },
    });
    expect(res.status).toBe(200);
    const again = await call(h.app, 'GET', `customers/${acmeId}/settings/`, acmeToken);
    expect(again.body.settings.sca.totp_credential).toEqual({ time_step: 60, length: 6, algorithm: 'SHA256' });
    expect(again.body.settings.general.sms_message).toBe('Code {otp} for Acme');
    expect(again.body.settings.general.primary_color).toBe('#123ABC');
    expect(again.body.settings.general.secondary_color).toBe('#FFFFFF');
  });

  it.each(Object.entries(SETTING_BOUNDS))('enforces %s bounds', async (path, bound) => {
    const url = `customers/${acmeId}/settings/`;
    const before = (await call(h.app, 'GET', url, acmeToken)).body.settings;
    for (const bad of [bound.min - 1, bound.max + 1, 6.5]) {
      const res = await call(h.app, 'PATCH', url, acmeToken, patchAt(path, bad));
      expect(res.status, `${path}=${bad}`).toBe(400);
      expect(res.body.code).toBe('savingSettings');
      expect(res.body.reason).toBe('Error while saving settings.');
      expect(res.body.details[path].message).toBe(`Value must be between ${bound.min} and ${bound.max}.`);
    }
    expect((await call(h.app, 'GET', url, acmeToken)).body.settings).toEqual(before);
    for (const good of 'values' in bound ? bound.values : [bound.min, bound.max]) {
      // min_length may not exceed max_length: keep the pair consistent while probing.
      const extra = path.endsWith('pin_credential.min_length')
        ? { max_length: 8 }
        : path.endsWith('pin_credential.max_length')
          ? { min_length: 4 }
          : {};
      const patch = patchAt(path, good);
      if (Object.keys(extra).length) Object.assign((patch.sca as { pin_credential: object }).pin_credential, extra);
      expect((await call(h.app, 'PATCH', url, acmeToken, patch)).status, `${path}=${good}`).toBe(200);
    }
  });

  it('accepts HOTP length 6 or 8 only', async () => {
    const res = await call(h.app, 'PATCH', `customers/${acmeId}/settings/`, acmeToken, {
      sca: { hotp_credential: { length: 7 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.details['sca.hotp_credential.length'].message).toBe('Value must be one of: 6, 8.');
  });

  it.each([
    ['sca.totp_credential.algorithm', 'MD5', 'Value must be one of: SHA1, SHA256, SHA512.'],
    ['sca.hotp_credential.algorithm', 'sha1', 'Value must be one of: SHA1, SHA256, SHA512.'],
    ['general.language', 'de', 'Value must be one of: en, fr, it.'],
    ['general.sms_message', 'Your code', 'The SMS message must include the {otp} placeholder.'],
    ['general.sms_endpoint', 'ftp://gateway.example', 'The URL must start with http:// or https://.'],
    ['general.logo_url', 'not a url', 'This URL is not valid.'],
    ['general.primary_color', 'red', 'Colour must be a hex value such as #1A2B3C.'],
    ['sca.callback_url_successful_enroll', 'http://', 'This URL is not valid.'],
  ])('rejects %s = %j', async (path, value, message) => {
    const url = `customers/${acmeId}/settings/`;
    const before = (await call(h.app, 'GET', url, acmeToken)).body.settings;
    const res = await call(h.app, 'PATCH', url, acmeToken, patchAt(path, value));
    expect(res.status).toBe(400);
    expect(res.body.details[path].message).toBe(message);
    expect((await call(h.app, 'GET', url, acmeToken)).body.settings).toEqual(before);
  });

  it('accepts a URL without protocol for logos', async () => {
    const res = await call(h.app, 'PATCH', `customers/${acmeId}/settings/`, acmeToken, {
      general: { logo_url: 'cdn.acme.example/logo.png' },
    });
    expect(res.status).toBe(200);
  });

  it('requires the mandatory tag of a custom mail template and saves nothing on error', async () => {
    const url = `customers/${acmeId}/settings/`;
    const res = await call(h.app, 'PATCH', url, acmeToken, {
      general: { send_otp: { subject: 'Your code', content: 'Hello {first_name}' }, address: 'Via Roma 1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details['general.send_otp.content'].message).toBe('Mandatory tag is missing: otp.');
    expect((await call(h.app, 'GET', url, acmeToken)).body.settings.general.address).toBe('');
    const ok = await call(h.app, 'PATCH', url, acmeToken, {
      general: { recovery_mode: { subject: 'Recovery', content: 'Use {recovery_code}, {username}' } },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a minimum PIN length above the maximum', async () => {
    const res = await call(h.app, 'PATCH', `customers/${acmeId}/settings/`, acmeToken, {
      sca: { pin_credential: { min_length: 7, max_length: 5 } },
    });
    expect(res.status).toBe(400);
    expect(res.body.details['sca.pin_credential.max_length'].message).toBe('Value must be between 7 and 8.');
  });

  it('refuses unknown sections and the customers list to customer users', async () => {
    expect((await call(h.app, 'PATCH', `customers/${acmeId}/settings/`, acmeToken, { hacks: {} })).status).toBe(400);
    expect((await call(h.app, 'GET', 'customers/', acmeToken)).status).toBe(403);
  });
});
