/**
 * Every mail the server sends, received by the real SMTP sink and parsed by mailparser: a text
 * and an HTML part, escaped HTML, links on PUBLIC_URL, no code in any URL, and the app's QR
 * code as an inline PNG the HTML shows by its cid.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { testDatabases } from '../test/databases.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../test/harness.ts';
import type { ReceivedMail } from '../test/smtp-sink.ts';

const PUBLIC_URL = 'https://mfa.acme.example:8443';

/** Every URL a mail carries: anchors and images of the HTML part, and addresses in the text. */
function urlsOf(mail: ReceivedMail): string[] {
  const attrs = [...mail.html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((m) => m[1] ?? '');
  const inText = [...mail.text.matchAll(/\b[a-z][\w+.-]*:\/\/\S+/gi)].map((m) => m[0]);
  return [...attrs, ...inText];
}

/** A multipart/alternative message with a text and an HTML part, both filled in. */
function expectBothParts(mail: ReceivedMail): void {
  expect(mail.source).toMatch(/content-type: multipart\/alternative/i);
  expect(mail.source).toMatch(/content-type: text\/plain; charset=utf-8/i);
  expect(mail.source).toMatch(/content-type: text\/html; charset=utf-8/i);
  expect(mail.text.trim().length).toBeGreaterThan(20);
  expect(mail.html).toMatch(/^<!doctype html>/i);
  // The plain part is text, not HTML source.
  expect(mail.text).not.toMatch(/<\/?(p|br|a|img)\b/);
}

/** Links only to the configured address; inline images only by cid; no secret in any URL. */
function expectSafeUrls(mail: ReceivedMail, secrets: string[]): void {
  for (const url of urlsOf(mail)) {
    expect(url.startsWith(`${PUBLIC_URL}/`) || url.startsWith('cid:')).toBe(true);
    for (const secret of secrets) expect(url).not.toContain(secret);
  }
}

describe.each(testDatabases())('mails on $name', (database) => {
  let h: Harness;
  let acme: string;
  let customerId: string;

  beforeAll(async () => {
    h = await startHarness(database, { PUBLIC_URL });
    acme = (await signIn(h, 'admin@acme.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
  });
  afterAll(() => h.close());

  it('sends the staff sign-in code with a text and an HTML part', async () => {
    const since = h.sink.mails.length;
    await post(h.app, 'login/', { username: 'admin@globex.example', password: DEMO_PASSWORD });
    const mail = await h.sink.waitFor('admin@globex.example', since);
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? '';
    expectBothParts(mail);
    expect(mail.text).toContain(`your Portiere sign-in code is ${code}.`);
    expect(mail.html).toContain(`<p>Hello admin@globex.example,</p>`);
    expect(mail.html).toContain(`your Portiere sign-in code is ${code}.<br>`);
    expectSafeUrls(mail, [code]);
  });

  it('mails the app enrolment QR code as an inline PNG, never as a link carrying the code', async () => {
    const m = await createMember(h, acme, { email: 'qr@acme.example', first_name: 'Niccolò' });
    const { credential, enrollment } = (await post(h.app, `users/${m.id}/credentials/`, { type: 'app' }, acme)).body;
    const code: string = enrollment.confirmation_code;
    const since = h.sink.mails.length;
    await post(h.app, `users/${m.id}/credentials/${credential.id}/send/`, {}, acme);
    const mail = await h.sink.waitFor('qr@acme.example', since);

    expectBothParts(mail);
    expect(mail.source).toMatch(/content-type: multipart\/related/i);
    expect(mail.text).toContain(`or enter the confirmation code ${code} in the app.`);
    expect(mail.text).toContain('[QR code: attached image qrcode.png]');
    expect(mail.html).toContain('Hello Niccolò,');
    expectSafeUrls(mail, [code]);

    const [qr, ...others] = mail.attachments;
    expect(others).toEqual([]);
    expect(qr).toMatchObject({ contentType: 'image/png', related: true, contentDisposition: 'inline' });
    expect(mail.html).toContain(`<img src="cid:${qr?.cid}" alt="QR code"`);
    // A real PNG whose QR code opens the app on PUBLIC_URL, the code in the fragment (no server sees it).
    const png = PNG.sync.read(qr?.content as Buffer);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`${PUBLIC_URL}/app/#code=${code}`);
    // The public address that answered the QR code for a code in its path is gone.
    expect((await h.app.inject({ url: `/api/v1/enroll/app/qr/${code}/` })).statusCode).toBe(404);
  });

  it('links the enrolment page on PUBLIC_URL, as an anchor in the HTML part', async () => {
    const m = await createMember(h, acme, { email: 'link@acme.example', first_name: 'Ada' });
    const since = h.sink.mails.length;
    await post(h.app, `users/${m.id}/send-enrollment/`, {}, acme);
    const mail = await h.sink.waitFor('link@acme.example', since);
    expectBothParts(mail);
    const link = /https:\/\/\S+/.exec(mail.text)?.[0] ?? '';
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/enroll/[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    expectSafeUrls(mail, []);
  });

  it('escapes what members and templates hold in the HTML part and keeps it as written in the text', async () => {
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, {
      general: {
        send_otp: {
          subject: 'Code for {first_name}',
          content: '<script>alert(1)</script> Dear {first_name} & co,\n\nthe code is {otp}.\n',
        },
      },
    });
    const m = await createMember(h, acme, { email: 'esc@acme.example', first_name: '<b>"Ann" & Bo</b>' });
    const { credential } = (await post(h.app, `users/${m.id}/credentials/`, { type: 'mail' }, acme)).body;
    const since = h.sink.mails.length;
    await post(h.app, `users/${m.id}/credentials/${credential.id}/send/`, {}, acme);
    const mail = await h.sink.waitFor('esc@acme.example', since);
    expectBothParts(mail);
    const code = /the code is (\d{6})\./.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('<script>alert(1)</script> Dear <b>"Ann" & Bo</b> & co,');
    expect(mail.html).toContain(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; Dear &lt;b&gt;&quot;Ann&quot; &amp; Bo&lt;/b&gt; &amp; co,</p>',
    );
    expect(mail.html).not.toMatch(/<script|<b>/);
    expect(mail.html).toContain(`<title>Code for &lt;b&gt;&quot;Ann&quot; &amp; Bo&lt;/b&gt;</title>`);
    expectSafeUrls(mail, [code]);
  });

  it('sends the recovery code with both parts and no link', async () => {
    const m = await createMember(h, acme, { email: 'recover@acme.example', first_name: 'Bea' });
    const since = h.sink.mails.length;
    const res = await post(h.app, `users/${m.id}/recovery-mode/`, {}, acme);
    const mail = await h.sink.waitFor('recover@acme.example', since);
    expectBothParts(mail);
    expect(mail.text).toContain(res.body.code);
    expect(mail.html).toContain(res.body.code);
    expect(urlsOf(mail)).toEqual([]);
  });
});
