/**
 * The logo upload (multipart, checked by content, all or nothing) and the public branding the
 * members' pages load: through the real app, on each test database.
 */
import { randomUUID } from 'node:crypto';
import { ERRORS, LOGO_MAX_BYTES } from '@portiere/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../../test/harness.ts';
import { type FilePart, form, jpg, png, svg } from '../../test/images.ts';
import { insertReseller } from '../../test/tenant-fixtures.ts';

describe.each(testDatabases())('logo upload and branding on $name', (database) => {
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
  });
  afterAll(() => h.close());

  async function send(customerId: string, parts: FilePart[], token = acme) {
    const body = form(parts);
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/v1/customers/${customerId}/logo/upload/`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, body: res.json() };
  }

  const fetchPath = (path: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url: path, headers });
  const settingsOf = async (customerId: string, token = acme) =>
    (await call(h.app, 'GET', `customers/${customerId}/settings/`, token)).body.settings.general;

  /** The refusal of one file: 400 imagesUploaded with its message under the field. */
  function expectRefused(res: { status: number; body: Record<string, unknown> }, field: string, message: string) {
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'imagesUploaded', reason: ERRORS.imagesUploaded });
    expect((res.body.details as Record<string, { message: string }>)[field]?.message).toBe(message);
  }

  it('accepts a PNG logo, points the settings at it and serves the same bytes to anyone', async () => {
    const bytes = png(256, 256);
    const res = await send(acmeId, [{ field: 'logo', filename: 'logo.png', type: 'image/png', bytes }]);
    expect(res.status).toBe(200);
    expect(res.body.logo_url).toMatch(new RegExp(`^/api/v1/branding/${acmeId}/logo/logo/\\?v=[0-9a-f]{12}$`));
    expect(res.body.named_logo_url).toBe('');
    expect((await settingsOf(acmeId)).logo_url).toBe(res.body.logo_url);

    const served = await fetchPath(res.body.logo_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 304 to a request that holds the current ETag, and the bytes to an old one', async () => {
    const bytes = png(64, 64);
    const { body } = await send(acmeId, [{ field: 'logo', filename: 'small.png', type: 'image/png', bytes }]);
    const first = await fetchPath(body.logo_url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(body.logo_url).toContain(`?v=${etag.slice(1, 13)}`);
    const again = await fetchPath(body.logo_url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await fetchPath(body.logo_url, { 'if-none-match': `"${'0'.repeat(64)}"` });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(bytes)).toBe(true);
  });

  it('decides the type by content: PNG bytes named logo.svg as text are a PNG, text named logo.png is refused', async () => {
    const bytes = png(100, 100);
    const res = await send(acmeId, [{ field: 'logo', filename: 'logo.svg', type: 'text/plain', bytes }]);
    expect(res.status).toBe(200);
    const served = await fetchPath(res.body.logo_url);
    expect(served.headers['content-type']).toBe('image/png');

    const text = Buffer.from('just some text, not an image');
    expectRefused(
      await send(acmeId, [{ field: 'logo', filename: 'logo.png', type: 'image/png', bytes: text }]),
      'logo',
      'Must be a PNG, JPEG or SVG image.',
    );
  });

  it('accepts a JPEG named logo of 300 x 120 and serves it as image/jpeg', async () => {
    const bytes = jpg(300, 120);
    const res = await send(acmeId, [{ field: 'named_logo', filename: 'named.jpg', type: 'image/jpeg', bytes }]);
    expect(res.status).toBe(200);
    expect(res.body.named_logo_url).toMatch(/\/logo\/named_logo\/\?v=/);
    const served = await fetchPath(res.body.named_logo_url);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a file over the size limit with its size and the limit in KB', async () => {
    const bytes = Buffer.concat([png(10, 10), Buffer.alloc(LOGO_MAX_BYTES + 600 * 1024)]);
    const res = await send(acmeId, [{ field: 'logo', filename: 'huge.png', type: 'image/png', bytes }]);
    const actual = Math.ceil(bytes.length / 1024);
    expectRefused(res, 'logo', `The file is ${actual} KB; at most 512 KB is accepted.`);
    expect(res.body.details.logo.params).toEqual({ actual, max: 512 });
    // Beyond what the server reads at all, the request is too large.
    const huge = await send(acmeId, [{ field: 'logo', filename: 'x.png', bytes: Buffer.alloc(6 * 1024 * 1024) }]);
    expect(huge).toEqual({ status: 413, body: { code: 'bodyTooLarge', reason: ERRORS.bodyTooLarge } });
  });

  it('checks the sizes of LOGO_RULES and says both the required and the actual size', async () => {
    const low = await send(acmeId, [{ field: 'named_logo', filename: 'n.png', bytes: png(400, 100) }]);
    expectRefused(low, 'named_logo', 'Must be 120 pixels high; this image is 100.');
    expect(low.body.details.named_logo.params).toEqual({ required: 120, actual: 100 });

    const big = await send(acmeId, [{ field: 'logo', filename: 'big.png', bytes: png(600, 600) }]);
    expectRefused(big, 'logo', 'Must be at most 512 pixels wide; this image is 600.');
    const wide = await send(acmeId, [
      { field: 'named_logo', filename: 'w.svg', bytes: svg('', 'viewBox="0 0 700 120"') },
    ]);
    expectRefused(wide, 'named_logo', 'Must be at most 600 pixels wide; this image is 700.');
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>')],
    ['an onload handler', svg('<rect width="10" height="10"/>', 'width="200" height="120" onload="alert(1)"')],
    ['an external href', svg('<image href="https://evil.example/x.png" width="10" height="10"/>')],
    [
      'an external xlink:href',
      svg(
        '<use xlink:href="https://evil.example/s.svg#a"/>',
        'xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="120"',
      ),
    ],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
    ['foreign HTML', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>')],
    ['an external url() in a style attribute', svg('<rect style="fill: url(https://evil.example/p.svg#g)"/>')],
    ['an @import in a style element', svg('<style>@import "https://evil.example/x.css";</style>')],
    ['an external url() in a fill', svg('<rect fill="url(\'//evil.example/p.svg#g\')"/>')],
    [
      'an entity declaration',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="120">&x;</svg>',
      ),
    ],
    ['a stylesheet instruction', svg('<?xml-stylesheet href="https://evil.example/x.css"?><rect/>')],
  ])('refuses an SVG with %s', async (_what, bytes) => {
    const before = await settingsOf(acmeId);
    const res = await send(acmeId, [{ field: 'named_logo', filename: 'named.svg', type: 'image/svg+xml', bytes }]);
    expectRefused(res, 'named_logo', 'This SVG contains scripts, event handlers or external references.');
    expect(await settingsOf(acmeId)).toEqual(before);
  });

  it('accepts a clean SVG (in-document references only) and serves it so it can do nothing but show', async () => {
    const bytes = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs>' +
        '<style>rect { fill: url(#g); }</style><rect width="200" height="120" fill="url(#g)"/><use href="#g"/>',
      'viewBox="0 0 400 240" height="120"',
    );
    const res = await send(acmeId, [{ field: 'named_logo', filename: 'named.svg', type: 'image/svg+xml', bytes }]);
    expect(res.status).toBe(200);
    const served = await fetchPath(res.body.named_logo_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers imagesMissing when neither file has a name, and 415 to a body that is not multipart', async () => {
    const before = await settingsOf(acmeId);
    const none = await send(acmeId, []);
    expect(none).toEqual({ status: 400, body: { code: 'imagesMissing', reason: ERRORS.imagesMissing } });
    // A form's empty file inputs: fields without a file name are no files.
    const empty = await send(acmeId, [
      { field: 'logo', filename: '', bytes: Buffer.alloc(0) },
      { field: 'named_logo', filename: '', bytes: Buffer.alloc(0) },
    ]);
    expect(empty.body.code).toBe('imagesMissing');
    const json = await call(h.app, 'POST', `customers/${acmeId}/logo/upload/`, acme, { logo: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('unsupportedMediaType');
    const broken = await h.app.inject({
      method: 'POST',
      url: `/api/v1/customers/${acmeId}/logo/upload/`,
      payload: '--XyZ\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\nno end',
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ', authorization: `Bearer ${acme}` },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('badRequest');
    expect(await settingsOf(acmeId)).toEqual(before);
  });

  it('stores neither file when one is refused', async () => {
    const before = await settingsOf(globexId, globex);
    const brandingBefore = (await fetchPath(`/api/v1/branding/${globexId}/`)).json();
    const res = await send(
      globexId,
      [
        { field: 'logo', filename: 'good.png', bytes: png(128, 128) },
        { field: 'named_logo', filename: 'bad.png', bytes: png(300, 90) },
      ],
      globex,
    );
    expectRefused(res, 'named_logo', 'Must be 120 pixels high; this image is 90.');
    expect(Object.keys(res.body.details)).toEqual(['named_logo']);
    expect(await settingsOf(globexId, globex)).toEqual(before);
    expect((await fetchPath(`/api/v1/branding/${globexId}/`)).json()).toEqual(brandingBefore);
    expect((await fetchPath(`/api/v1/branding/${globexId}/logo/logo/`)).statusCode).toBe(404);
  });

  it('uploads both at once, as the owning reseller too, changing only the kinds sent', async () => {
    const both = await send(
      globexId,
      [
        { field: 'logo', filename: 'l.png', bytes: png(120, 120) },
        { field: 'named_logo', filename: 'n.png', bytes: png(480, 120) },
      ],
      reseller,
    );
    expect(both.status).toBe(200);
    const settings = await settingsOf(globexId, globex);
    expect(settings.logo_url).toBe(both.body.logo_url);
    expect(settings.named_logo_url).toBe(both.body.named_logo_url);
    const onlyLogo = await send(globexId, [{ field: 'logo', filename: 'l2.png', bytes: png(90, 90) }], globex);
    expect(onlyLogo.body.named_logo_url).toBe(both.body.named_logo_url);
    expect(onlyLogo.body.logo_url).not.toBe(both.body.logo_url);
    const audit = await call(h.app, 'GET', 'audit/?action=settings.upload_logo', globex);
    expect(audit.body.count).toBeGreaterThanOrEqual(2);
  });

  it("answers 404 for another tenant's customer and stores nothing there", async () => {
    const before = await settingsOf(globexId, globex);
    const res = await send(globexId, [{ field: 'logo', filename: 'l.png', bytes: png(50, 50) }], acme);
    expect(res).toEqual({ status: 404, body: { code: 'notFound', reason: ERRORS.notFound } });
    expect(await settingsOf(globexId, globex)).toEqual(before);
    const noToken = await h.app.inject({
      method: 'POST',
      url: `/api/v1/customers/${acmeId}/logo/upload/`,
      ...form([{ field: 'logo', filename: 'l.png', bytes: png(50, 50) }]),
    });
    expect(noToken.statusCode).toBe(401);
  });

  it('keeps refusing multipart bodies on every other route', async () => {
    const body = form([{ field: 'logo', filename: 'l.png', bytes: png(10, 10) }]);
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/v1/customers/${acmeId}/settings/`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${acme}` },
    });
    expect(res.statusCode).toBe(415);
  });

  it("answers the branding publicly: colours, text, language and logos from the customer's settings", async () => {
    const patch = await call(h.app, 'PATCH', `customers/${acmeId}/settings/`, acme, {
      general: {
        primary_color: '#0A1B2C',
        header_color: '#223344',
        login_page_text: 'Welcome to Acme',
        language: 'it',
      },
    });
    expect(patch.status).toBe(200);
    const general = patch.body.settings.general;
    const res = await fetchPath(`/api/v1/branding/${acmeId}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      customer_name: 'Acme',
      language: 'it',
      colors: {
        primary_color: '#0A1B2C',
        secondary_color: general.secondary_color,
        warning_color: general.warning_color,
        error_color: general.error_color,
        background_color: general.background_color,
        header_color: '#223344',
      },
      icons_set: 'default',
      login_page_text: 'Welcome to Acme',
      logo_url: general.logo_url,
      named_logo_url: general.named_logo_url,
    });
  });

  it('answers 404 to branding of an unknown or malformed id, and to a logo never uploaded', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1']) {
      expect((await fetchPath(`/api/v1/branding/${id}/`)).statusCode, id).toBe(404);
      expect((await fetchPath(`/api/v1/branding/${id}/logo/logo/`)).statusCode, id).toBe(404);
    }
    const fresh = await insertReseller(h);
    const none = await fetchPath(`/api/v1/branding/${fresh.customerId}/logo/named_logo/`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ code: 'notFound', reason: ERRORS.notFound });
    expect((await fetchPath(`/api/v1/branding/${fresh.customerId}/`)).json().logo_url).toBe('');
  });
});
