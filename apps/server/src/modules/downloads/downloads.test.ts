import { createHash } from 'node:crypto';
import { ERRORS } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, laScripts } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../../test/harness.ts';
import { customerIdByName } from '../../test/tenant-fixtures.ts';

const WORKSTATION = 'https://downloads.example.com/portiere-workstation-2.3.msi';
const LA = 'https://downloads.example.com/portiere-login-assistant.exe';

describe.each(testDatabases())('downloads on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  let acmeId: string;
  let globexId: string;

  const addScript = async (customerId: string, name: string, uploadedAt: Date) => {
    const content = Buffer.from(`Write-Output "${name}"\n`);
    const [row] = await h.app.services.db
      .insert(laScripts)
      .values({
        customerId,
        name,
        version: '1.0',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        content,
        uploadedAt,
        uploadedBy: 'partner@northwind.example',
      })
      .returning({ id: laScripts.id });
    if (!row) throw new Error('insert failed');
    return { id: row.id, content };
  };
  const download = (id: string, token: string) =>
    h.app.inject({ url: `/api/v1/downloads/scripts/${id}/`, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    h = await startHarness(database, { WORKSTATION_CLIENT_URL: WORKSTATION, LA_CLIENT_URL: LA });
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    acmeId = await customerIdByName(h, 'Acme');
    globexId = await customerIdByName(h, 'Globex');
  });
  afterAll(() => h.close());

  it("lists the customer's own scripts newest first and the configured client links", async () => {
    await addScript(acmeId, 'older.ps1', new Date('2026-01-01T10:00:00Z'));
    await addScript(acmeId, 'newer.ps1', new Date('2026-02-01T10:00:00Z'));
    await addScript(globexId, 'globex-only.ps1', new Date('2026-03-01T10:00:00Z'));
    const res = await call(h.app, 'GET', 'downloads/', acme);
    expect(res.status).toBe(200);
    expect(res.body.clients).toEqual({ workstation: WORKSTATION, login_assistant: LA });
    expect(res.body.la_enabled).toBe(true);
    const names = res.body.scripts.map((s: { name: string }) => s.name);
    expect(names).not.toContain('globex-only.ps1');
    expect(names.indexOf('newer.ps1')).toBeLessThan(names.indexOf('older.ps1'));
    expect(res.body.scripts_count).toBe(names.length);
  });

  it('streams a script of the caller’s customer with its SHA-256; another customer’s answers 404', async () => {
    const own = await addScript(acmeId, 'own.ps1', new Date());
    const res = await download(own.id, acme);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(own.content)).toBe(true);
    expect(res.headers['content-disposition']).toContain('own.ps1');
    expect(res.headers['x-content-sha256']).toBe(createHash('sha256').update(own.content).digest('hex'));
    const other = await addScript(globexId, 'other.ps1', new Date());
    expect((await download(other.id, acme)).json()).toEqual({ reason: ERRORS.scriptNotFound, code: 'scriptNotFound' });
    expect((await download('not-a-uuid', acme)).statusCode).toBe(404);
  });

  it('gives a customer without the login assistant no scripts and no assistant client', async () => {
    await addScript(globexId, 'hidden.ps1', new Date());
    const res = await call(h.app, 'GET', 'downloads/', globex);
    expect(res.body).toEqual({
      clients: { workstation: WORKSTATION, login_assistant: null },
      la_enabled: false,
      scripts: [],
      scripts_count: 0,
    });
    const [hidden] = await h.app.services.db.select().from(laScripts).where(eq(laScripts.name, 'hidden.ps1'));
    const refused = await download(hidden?.id ?? '', globex);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('laDisabled');
  });

  it('follows the customer switching the login assistant off at once', async () => {
    await h.app.services.db.update(customers).set({ laEnabled: false }).where(eq(customers.id, acmeId));
    try {
      const res = await call(h.app, 'GET', 'downloads/', acme);
      expect(res.body.la_enabled).toBe(false);
      expect(res.body.scripts).toEqual([]);
    } finally {
      await h.app.services.db.update(customers).set({ laEnabled: true }).where(eq(customers.id, acmeId));
    }
  });

  it('is for customer users only', async () => {
    const reseller = (await signIn(h, 'partner@northwind.example')).access;
    expect((await call(h.app, 'GET', 'downloads/', reseller)).status).toBe(403);
    expect((await call(h.app, 'GET', 'downloads/')).status).toBe(401);
  });
});

describe.each(testDatabases())('downloads without client links on $name', (database) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(database);
  });
  afterAll(() => h.close());

  it('says none is configured (null links)', async () => {
    const acme = (await signIn(h, 'admin@acme.example')).access;
    const res = await call(h.app, 'GET', 'downloads/', acme);
    expect(res.body.clients).toEqual({ workstation: null, login_assistant: null });
  });
});
