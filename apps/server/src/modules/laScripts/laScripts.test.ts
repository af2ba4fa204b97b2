import { createHash } from 'node:crypto';
import { SCRIPT_MAX_BYTES } from '@portiere/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, customers } from '../../db/schema/index.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../../test/harness.ts';
import { customerIdByName, type ExtraReseller, insertReseller } from '../../test/tenant-fixtures.ts';

/** A zip archive holding a.txt ("hi"), as Python's zipfile writes it. */
const ZIP = Buffer.from(
  '504b03041400000000000000215c7a7a6fed030000000300000005000000612e74787468690a504b01021403140000000000' +
    '0000215c7a7a6fed0300000003000000050000000000000000000000800100000000612e747874504b0506000000000100010033000000260000000000',
  'hex',
);

describe.each(testDatabases())('login-assistant scripts on $name', (database) => {
  let h: Harness;
  let northwind: string;
  let acmeId: string;
  let globexId: string;
  let contoso: ExtraReseller;
  let contosoToken: string;

  const base = (customerId = acmeId) => `customers/${customerId}/scripts/`;
  const upload = async (
    file: { name: string; content: Buffer | string } | null,
    version: string | null = '1.0.0',
    token = northwind,
    customerId = acmeId,
  ) => {
    const form = new FormData();
    if (version !== null) form.append('version', version);
    if (file) form.append('file', new Blob([file.content]), file.name);
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/v1/${base(customerId)}`,
      headers: { authorization: `Bearer ${token}` },
      payload: form,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const download = (id: string, token = northwind, customerId = acmeId) =>
    h.app.inject({ url: `/api/v1/${base(customerId)}${id}/download/`, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    h = await startHarness(database);
    northwind = (await signIn(h, 'partner@northwind.example')).access;
    acmeId = await customerIdByName(h, 'Acme');
    globexId = await customerIdByName(h, 'Globex');
    contoso = await insertReseller(h);
    contosoToken = (await signIn(h, contoso.user.username)).access;
  });
  afterAll(() => h.close());

  it('uploads, lists and downloads the very bytes with their SHA-256', async () => {
    const content = Buffer.from('Write-Output "Grüße aus Mailand"\r\n', 'utf8');
    const sha256 = createHash('sha256').update(content).digest('hex');
    const created = await upload({ name: 'C:\\scripts\\logon.ps1', content }, ' 2.1.0 ');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'logon.ps1',
      version: '2.1.0',
      size: content.length,
      sha256,
      uploaded_by: 'partner@northwind.example',
    });
    const list = await call(h.app, 'GET', base(), northwind);
    expect(list.body.items[0]).toEqual(created.body);
    const res = await download(created.body.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="logon.ps1"; filename*=UTF-8''logon.ps1`,
      'x-content-type-options': 'nosniff',
      'x-content-sha256': sha256,
    });
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(res.headers['x-content-sha256']);
  });

  it('names the download safely whatever the file was called', async () => {
    const created = await upload({ name: 'naïve "quoted";\\name.js', content: 'let a = 1;\n' });
    expect(created.status).toBe(201);
    const disposition = String((await download(created.body.id)).headers['content-disposition']);
    expect(disposition).toBe(`attachment; filename="name.js"; filename*=UTF-8''name.js`);
    const utf8 = await upload({ name: 'accès rapide (v2).js', content: 'let a = 1;\n' });
    expect(utf8.body.name).toBe('accès rapide (v2).js');
    expect(String((await download(utf8.body.id)).headers['content-disposition'])).toBe(
      `attachment; filename="acc_s rapide (v2).js"; filename*=UTF-8''acc%C3%A8s%20rapide%20%28v2%29.js`,
    );
    // Quotes, backslashes and line breaks never reach the header as themselves.
    expect(attachment('a"b\\c\r\n%.js')).toBe(
      `attachment; filename="a_b_c___.js"; filename*=UTF-8''a%22b%5Cc%0D%0A%25.js`,
    );
  });

  it('accepts a type by its content: a zip as .zip; binary named .js, bad UTF-8 or other extensions refused', async () => {
    const zip = await upload({ name: 'bundle.zip', content: ZIP });
    expect(zip.status).toBe(201);
    expect((await download(zip.body.id)).rawPayload.equals(ZIP)).toBe(true);
    const refused = [
      { name: 'payload.js', content: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]) },
      { name: 'broken.txt', content: Buffer.from([0x61, 0xc3, 0x28]) },
      { name: 'fake.zip', content: 'not a zip' },
      { name: 'tool.exe', content: 'MZ' },
      { name: 'noextension', content: 'echo' },
      { name: 'text.zip.js', content: ZIP },
    ];
    for (const file of refused) {
      const res = await upload(file);
      expect(res.status, file.name).toBe(400);
      expect(res.body, file.name).toEqual({
        code: 'scriptType',
        reason:
          'Scripts must be .js, .ps1, .vbs, .py, .json, .xml, .txt, .zip files, and text scripts plain UTF-8 text.',
        params: { extensions: '.js, .ps1, .vbs, .py, .json, .xml, .txt, .zip' },
      });
    }
    expect((await upload({ name: 'UPPER.PS1', content: 'Get-Date' })).status).toBe(201);
  });

  it('refuses a file over the size limit, a missing file and a missing version', async () => {
    const before = (await call(h.app, 'GET', base(), northwind)).body.count;
    const large = await upload({ name: 'big.txt', content: Buffer.alloc(SCRIPT_MAX_BYTES + 1, 'a') });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({
      code: 'scriptTooLarge',
      reason: 'The script is 2049 KB; at most 2048 KB is accepted.',
      params: { actual: 2049, max: 2048 },
    });
    expect((await upload({ name: 'exact.txt', content: Buffer.alloc(SCRIPT_MAX_BYTES, 'a') })).status).toBe(201);
    const none = await upload(null);
    expect(none).toEqual({ status: 400, body: { code: 'scriptMissing', reason: 'Choose a script file to upload.' } });
    const empty = await upload({ name: 'empty.js', content: '' });
    expect(empty.body.code).toBe('scriptMissing');
    const noVersion = await upload({ name: 'a.js', content: 'x' }, null);
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.details.version).toMatchObject({ key: 'required' });
    const longVersion = await upload({ name: 'a.js', content: 'x' }, 'v'.repeat(51));
    expect(longVersion.body.details.version).toMatchObject({ key: 'maxLength', params: { max: 50 } });
    const json = await call(h.app, 'POST', base(), northwind, { version: '1', file: 'x' });
    expect(json.body.code).toBe('scriptMissing');
    expect((await call(h.app, 'GET', base(), northwind)).body.count).toBe(before + 1);
  });

  it('answers 403 laDisabled for a customer without the login assistant', async () => {
    const expected = { code: 'laDisabled', reason: 'The login assistant is not enabled for this customer.' };
    expect(await call(h.app, 'GET', base(globexId), northwind)).toEqual({ status: 403, body: expected });
    expect(await upload({ name: 'a.js', content: 'x' }, '1', northwind, globexId)).toEqual({
      status: 403,
      body: expected,
    });
    const any = (await call(h.app, 'GET', base(), northwind)).body.items[0].id;
    expect((await download(any, northwind, globexId)).statusCode).toBe(403);
    expect((await call(h.app, 'DELETE', `${base(globexId)}${any}/`, northwind)).status).toBe(403);
  });

  it('deletes a script, recorded in the customer’s chain', async () => {
    const created = (await upload({ name: 'old.vbs', content: 'MsgBox "hi"' })).body;
    expect((await call(h.app, 'DELETE', `${base()}${created.id}/`, northwind)).status).toBe(204);
    expect((await download(created.id)).statusCode).toBe(404);
    const again = await call(h.app, 'DELETE', `${base()}${created.id}/`, northwind);
    expect(again).toEqual({ status: 404, body: { code: 'scriptNotFound', reason: 'The script does not exist.' } });
    const events = await h.app.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, created.id), eq(auditEvents.outcome, 'success')))
      // In the order they happened: without it PostgreSQL may answer them either way round.
      .orderBy(asc(auditEvents.seq));
    expect(events.map((e) => [e.action, e.tenantId, e.targetName])).toEqual([
      ['la_script.upload', acmeId, 'old.vbs'],
      ['la_script.delete', acmeId, 'old.vbs'],
    ]);
  });

  it('keeps resellers apart: another reseller’s customer and scripts answer 404', async () => {
    const script = (await upload({ name: 'mine.js', content: 'x' })).body;
    expect((await call(h.app, 'GET', base(), contosoToken)).status).toBe(404);
    expect((await upload({ name: 'theirs.js', content: 'x' }, '1', contosoToken)).status).toBe(404);
    expect((await download(script.id, contosoToken)).statusCode).toBe(404);
    expect((await call(h.app, 'DELETE', `${base()}${script.id}/`, contosoToken)).status).toBe(404);
    // Contoso's own customer, with the login assistant, does not reach Acme's script either.
    await h.app.services.db.update(customers).set({ laEnabled: true }).where(eq(customers.id, contoso.customerId));
    expect((await download(script.id, contosoToken, contoso.customerId)).statusCode).toBe(404);
    expect((await call(h.app, 'DELETE', `${base(contoso.customerId)}${script.id}/`, contosoToken)).status).toBe(404);
    expect((await call(h.app, 'GET', base(contoso.customerId), contosoToken)).body).toEqual({ count: 0, items: [] });
    expect((await download(script.id)).statusCode).toBe(200);
    // Customer users reach no scripts, not even their own customer's.
    const acmeAdmin = (await signIn(h, 'admin@acme.example')).access;
    expect((await call(h.app, 'GET', base(), acmeAdmin)).status).toBe(403);
  });

  it('lists newest first, searches names and pages', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const ids = [];
    for (const name of ['a', 'b', 'c']) {
      h.clock.advance(1);
      ids.push((await upload({ name: `${name}-${tag}.py`, content: 'print(1)' })).body.id);
    }
    const list = await call(h.app, 'GET', `${base()}?search=${tag}`, northwind);
    expect(list.body.count).toBe(3);
    expect(list.body.items.map((s: { id: string }) => s.id)).toEqual([...ids].reverse());
    const page = await call(h.app, 'GET', `${base()}?search=${tag}&page=2&page_size=2`, northwind);
    expect(page.body.items.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
  });

  it('other routes still refuse multipart bodies', async () => {
    const form = new FormData();
    form.append('username', 'x');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/customers/',
      headers: { authorization: `Bearer ${northwind}` },
      payload: form,
    });
    expect(res.statusCode).toBe(415);
  });
});
