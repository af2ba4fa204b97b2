/**
 * Mail templates: the list with built-in texts in the customer's language and the tags, a
 * preview with sample values, a test mail to the operator through the real SMTP sink, and the
 * members' own mails in the customer's language and template.
 */
import { ERRORS, MAIL_TEMPLATE_NAMES, SAMPLE_TAG_VALUES } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, staffUsers } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, createMember, createStaffUser, type Harness, post, signIn, startHarness } from '../../test/harness.ts';

describe.each(testDatabases())('mail templates on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  let reseller: string;
  let acmeId: string;
  let globexId: string;

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    reseller = (await signIn(h, 'partner@northwind.example')).access;
    acmeId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
    globexId = (await call(h.app, 'GET', 'me/', globex)).body.customer.id;
    // Globex's members read Italian.
    const it = await call(h.app, 'PATCH', `customers/${globexId}/settings/`, globex, { general: { language: 'it' } });
    expect(it.status).toBe(200);
  });
  afterAll(() => h.close());

  const preview = (name: string, draft: { subject: string; content: string }, token = acme, id = acmeId) =>
    call(h.app, 'POST', `customers/${id}/mail-templates/${name}/preview/`, token, draft);
  const test = (name: string, draft: { subject: string; content: string }, token = acme, id = acmeId) =>
    call(h.app, 'POST', `customers/${id}/mail-templates/${name}/test/`, token, draft);
  const empty = { subject: '', content: '' };

  it('lists the six templates with their built-in text, tags and whether the customer changed them', async () => {
    const res = await call(h.app, 'GET', `customers/${acmeId}/mail-templates/`, acme);
    expect(res.status).toBe(200);
    expect(res.body.language).toBe('en');
    expect(res.body.items.map((i: { name: string }) => i.name)).toEqual(MAIL_TEMPLATE_NAMES);
    const otp = res.body.items.find((i: { name: string }) => i.name === 'send_otp');
    expect(otp).toMatchObject({
      subject: '',
      content: '',
      customised: false,
      default: { subject: 'Your one-time code: {otp}' },
      mandatory: ['otp'],
      optional: ['username', 'first_name', 'last_name', 'extra_info', 'domain'],
    });
    const qr = res.body.items.find((i: { name: string }) => i.name === 'send_qrcode');
    expect(qr.mandatory).toEqual(['confirmation_code']);
    expect(qr.optional).toContain('qrcode_url');
    expect(qr.default.content).toContain('{qrcode_url}');

    const own = { subject: 'Recovery for {username}', content: 'Your code: {recovery_code}' };
    await call(h.app, 'PATCH', `customers/${acmeId}/settings/`, acme, { general: { recovery_mode: own } });
    const after = await call(h.app, 'GET', `customers/${acmeId}/mail-templates/`, acme);
    expect(after.body.items.find((i: { name: string }) => i.name === 'recovery_mode')).toMatchObject({
      ...own,
      customised: true,
      default: { subject: 'Your recovery code' },
    });
  });

  it('gives an Italian customer Italian built-in texts', async () => {
    const res = await call(h.app, 'GET', `customers/${globexId}/mail-templates/`, globex);
    expect(res.body.language).toBe('it');
    const byName = Object.fromEntries(res.body.items.map((i: { name: string }) => [i.name, i]));
    expect(byName.send_otp.default.subject).toBe('Il tuo codice monouso: {otp}');
    expect(byName.send_enrollment_link.default.content).toContain('Il link è valido per {duration}.');
    expect(byName.token_reset_pin.default.subject).toBe('Reimposta il PIN del tuo token');
  });

  it('is for customer users of that customer only', async () => {
    expect((await call(h.app, 'GET', `customers/${globexId}/mail-templates/`, acme)).status).toBe(404);
    expect((await preview('send_otp', empty, acme, globexId)).status).toBe(404);
    expect((await call(h.app, 'GET', `customers/${acmeId}/mail-templates/`, reseller)).status).toBe(403);
    expect((await call(h.app, 'GET', `customers/${acmeId}/mail-templates/`)).status).toBe(401);
  });

  it('previews a draft with the sample values, links as anchors', async () => {
    const res = await preview('send_enrollment_link', {
      subject: 'Welcome {first_name} {last_name}',
      content: 'Open {enrollment_link} within {duration} (<{domain}> & co).',
    });
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe('Welcome Jane Doe');
    expect(res.body.text).toBe(`Open ${SAMPLE_TAG_VALUES.enrollment_link} within 72 hours (<example.com> & co).`);
    expect(res.body.html).toContain(
      `<a href="${SAMPLE_TAG_VALUES.enrollment_link}">${SAMPLE_TAG_VALUES.enrollment_link}</a>`,
    );
    expect(res.body.html).toContain('(&lt;example.com&gt; &amp; co)');
  });

  it('previews the built-in text for an empty draft, in the customer language', async () => {
    const en = await preview('send_otp', empty);
    expect(en.body.subject).toBe(`Your one-time code: ${SAMPLE_TAG_VALUES.otp}`);
    expect(en.body.text).toContain('Hello Jane,');
    const it = await preview('send_enrollment_link', empty, globex, globexId);
    expect(it.body.subject).toBe('Configura il tuo accesso');
    expect(it.body.text).toContain('Il link è valido per 72 ore.');
  });

  it('previews the QR code mail with a real QR image the page can show', async () => {
    const res = await preview('send_qrcode', empty);
    expect(res.body.text).toContain('[QR code: attached image qrcode.png]');
    const src = /<img src="data:image\/png;base64,([^"]+)" alt="QR code"/.exec(res.body.html)?.[1];
    expect(src).toBeTruthy();
    const png = PNG.sync.read(Buffer.from(src as string, 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(SAMPLE_TAG_VALUES.qrcode_url);
  });

  it('refuses a draft without its mandatory tag, and an unknown template', async () => {
    const res = await preview('send_otp', { subject: 'Your code', content: 'Hello {first_name}' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation',
      reason: ERRORS.validation,
      details: { content: { key: 'mandatoryTag', message: 'Mandatory tag is missing: otp.', params: { tag: 'otp' } } },
    });
    expect((await test('send_pin', { subject: 'PIN', content: 'no pin here' })).body.details.content.message).toBe(
      'Mandatory tag is missing: pin.',
    );
    const unknown = await preview('send_nothing', empty);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('validation');
  });

  it('mails the rendered draft to the signed-in operator, and records it', async () => {
    const since = h.sink.mails.length;
    const res = await test('send_otp', { subject: 'Test {otp} for {first_name}', content: 'The code is {otp}.' });
    expect(res).toEqual({ status: 200, body: { sent_to: 'admin@acme.example' } });
    const mail = await h.sink.waitFor('admin@acme.example', since);
    expect(mail.subject).toBe(`Test ${SAMPLE_TAG_VALUES.otp} for Jane`);
    expect(mail.text).toContain(`The code is ${SAMPLE_TAG_VALUES.otp}.`);
    const audit = await call(h.app, 'GET', 'audit/?action=settings.test_mail', acme);
    expect(audit.body.count).toBeGreaterThanOrEqual(1);
  });

  it('mails the QR code template with the QR code inline, in Italian for an Italian customer', async () => {
    const since = h.sink.mails.length;
    expect((await test('send_qrcode', empty, globex, globexId)).status).toBe(200);
    const mail = await h.sink.waitFor('admin@globex.example', since);
    expect(mail.subject).toBe("Attiva l'app di autenticazione");
    expect(mail.text).toContain('[Codice QR: immagine allegata qrcode.png]');
    const [qr] = mail.attachments;
    expect(qr).toMatchObject({ contentType: 'image/png', contentDisposition: 'inline' });
    expect(mail.html).toContain(`<img src="cid:${qr?.cid}" alt="Codice QR"`);
  });

  it('answers staffHasNoEmail to an operator without an address, and limits test mails per operator', async () => {
    const staff = await createStaffUser(h, 'tester@acme.example');
    const token = (await signIn(h, staff.username)).access;
    await h.app.services.db.update(staffUsers).set({ email: null }).where(eq(staffUsers.id, staff.id));
    const none = await test('send_otp', empty, token);
    expect(none).toEqual({ status: 422, body: { code: 'staffHasNoEmail', reason: ERRORS.staffHasNoEmail } });
    // Four more make five in the minute; the sixth is refused, for this operator only.
    for (let i = 0; i < 4; i++) expect((await test('send_otp', empty, token)).status).toBe(422);
    const limited = await test('send_otp', empty, token);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rateLimited');
    expect((await test('send_otp', empty)).status).toBe(200);
  });

  it("sends members' mails in the customer's language, with the customer's own template where set", async () => {
    const member = await createMember(h, globex, { email: 'mario@globex.example', first_name: 'Mario' });
    const { credential } = (await post(h.app, `users/${member.id}/credentials/`, { type: 'mail' }, globex)).body;
    let since = h.sink.mails.length;
    expect((await post(h.app, `users/${member.id}/credentials/${credential.id}/send/`, {}, globex)).status).toBe(200);
    const otp = await h.sink.waitFor('mario@globex.example', since);
    expect(otp.subject).toMatch(/^Il tuo codice monouso: \d{6}$/);
    expect(otp.text).toContain('Ciao Mario,');

    since = h.sink.mails.length;
    await post(h.app, `users/${member.id}/send-enrollment/`, {}, globex);
    const link = await h.sink.waitFor('mario@globex.example', since);
    expect(link.subject).toBe('Configura il tuo accesso');
    expect(link.text).toContain('Il link è valido per 72 ore.');

    const own = { subject: 'Benvenuto {first_name}', content: 'Attiva qui: {enrollment_link} ({duration})' };
    expect(
      (
        await call(h.app, 'PATCH', `customers/${globexId}/settings/`, globex, {
          general: { send_enrollment_link: own },
        })
      ).status,
    ).toBe(200);
    since = h.sink.mails.length;
    await post(h.app, `users/${member.id}/send-enrollment/`, {}, globex);
    const custom = await h.sink.waitFor('mario@globex.example', since);
    expect(custom.subject).toBe('Benvenuto Mario');
    expect(custom.text).toMatch(/^Attiva qui: https?:\/\/\S+\/enroll\/\S+ \(72 ore\)/);
  });

  it('refuses a template with a tag its mail does not have, on save and on preview, and stores nothing', async () => {
    const url = `customers/${acmeId}/settings/`;
    const before = (await call(h.app, 'GET', url, acme)).body.settings.general.send_otp;
    const unknownTag = (tag: string) => ({ key: 'unknownTag', message: `Unknown tag: ${tag}.`, params: { tag } });
    // Names every object has (its prototype's) are not tags either.
    const saved = await call(h.app, 'PATCH', url, acme, {
      general: {
        send_otp: { subject: 'Code {otp} {constructor}', content: 'Hello {__proto__}, {otp}.' },
        send_pin: { subject: 'PIN', content: 'Your PIN {pin} for {duration}' },
      },
    });
    expect(saved.status).toBe(400);
    expect(saved.body.code).toBe('savingSettings');
    expect(saved.body.details).toEqual({
      'general.send_otp.subject': unknownTag('constructor'),
      'general.send_otp.content': unknownTag('__proto__'),
      'general.send_pin.content': unknownTag('duration'),
    });
    expect((await call(h.app, 'GET', url, acme)).body.settings.general.send_otp).toEqual(before);

    const drafted = await preview('send_otp', { subject: 'Code', content: '{otp} {toString}' });
    expect(drafted).toEqual({
      status: 400,
      body: { code: 'validation', reason: ERRORS.validation, details: { content: unknownTag('toString') } },
    });
    expect((await test('send_otp', { subject: '{hasOwnProperty}', content: '{otp}' })).body.details).toEqual({
      subject: unknownTag('hasOwnProperty'),
    });
  });

  it('takes the built-in text of every language, edited, as a customer template: it uses known tags only', async () => {
    const url = `customers/${acmeId}/settings/`;
    for (const language of ['en', 'fr', 'it']) {
      expect((await call(h.app, 'PATCH', url, acme, { general: { language } })).status).toBe(200);
      const { items } = (await call(h.app, 'GET', `customers/${acmeId}/mail-templates/`, acme)).body;
      const own = Object.fromEntries(
        items.map((i: { name: string; default: { subject: string; content: string } }) => [
          i.name,
          { ...i.default, content: `${i.default.content}\nEdited.` },
        ]),
      );
      const saved = await call(h.app, 'PATCH', url, acme, { general: own });
      expect(saved.status, `${language}: ${JSON.stringify(saved.body.details)}`).toBe(200);
    }
    const builtIn = Object.fromEntries(MAIL_TEMPLATE_NAMES.map((name) => [name, empty]));
    expect((await call(h.app, 'PATCH', url, acme, { general: { language: 'en', ...builtIn } })).status).toBe(200);
  });

  it('still sends mails whose stored template has tags its mail does not have, those tags as written', async () => {
    // Saved before unknown tags were refused: written straight into the row.
    const db = h.app.services.db;
    const [row] = await db.select({ settings: customers.settings }).from(customers).where(eq(customers.id, acmeId));
    const stored = (row?.settings ?? {}) as { general?: Record<string, unknown> };
    const general = {
      ...stored.general,
      send_otp: { subject: 'Code {otp} {__proto__}', content: 'Hi {constructor} {toString}, the code is {otp}.' },
      send_enrollment_link: { subject: 'Join {__proto__}', content: 'Open {enrollment_link} {valueOf}' },
    };
    await db
      .update(customers)
      .set({ settings: { ...stored, general } })
      .where(eq(customers.id, acmeId));

    const member = await createMember(h, acme, { email: 'proto@acme.example' });
    const { credential } = (await post(h.app, `users/${member.id}/credentials/`, { type: 'mail' }, acme)).body;
    let since = h.sink.mails.length;
    expect((await post(h.app, `users/${member.id}/credentials/${credential.id}/send/`, {}, acme)).status).toBe(200);
    const otp = await h.sink.waitFor('proto@acme.example', since);
    expect(otp.subject).toMatch(/^Code \d{6} \{__proto__\}$/);
    expect(otp.text).toMatch(/^Hi \{constructor\} \{toString\}, the code is \d{6}\.$/m);
    expect(otp.html).not.toContain('function');

    since = h.sink.mails.length;
    expect((await post(h.app, `users/${member.id}/send-enrollment/`, {}, acme)).status).toBe(200);
    const link = await h.sink.waitFor('proto@acme.example', since);
    expect(link.subject).toBe('Join {__proto__}');
    expect(link.text).toMatch(/^Open https?:\/\/\S+\/enroll\/\S+ \{valueOf\}$/m);
  });

  it('answers 502 mailFailed when the mail server is down (last: the sink stays down)', async () => {
    await h.sink.stop();
    const res = await test('send_pin', empty);
    expect(res).toEqual({ status: 502, body: { code: 'mailFailed', reason: ERRORS.mailFailed } });
  });
});
