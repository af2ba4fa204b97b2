import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, customers } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../../test/harness.ts';
import { customerIdByName } from '../../test/tenant-fixtures.ts';

describe.each(testDatabases())('login-assistant flow on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
  });
  afterAll(() => h.close());

  it('has no stages before the first save, then answers what was saved', async () => {
    const empty = await call(h.app, 'GET', 'la-flow/', acme);
    expect(empty.body).toEqual({ stages: [], terminatingCredentials: [], updated_at: null });
    const saved = await call(h.app, 'PUT', 'la-flow/', acme, {
      stages: [
        ['password', 'pin', 'password'],
        ['totp', 'mail'],
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      stages: [
        ['password', 'pin'],
        ['totp', 'mail'],
      ],
      terminatingCredentials: [],
    });
    expect(saved.body.updated_at).toEqual(expect.any(String));
    expect((await call(h.app, 'GET', 'la-flow/', acme)).body).toEqual(saved.body);
  });

  it('refuses a flow the flow rules reject, keeping the saved one', async () => {
    const before = (await call(h.app, 'GET', 'la-flow/', acme)).body;
    const none = await call(h.app, 'PUT', 'la-flow/', acme, { stages: [] });
    expect(none.status).toBe(400);
    expect(none.body.details.stages).toMatchObject({ key: 'required', message: 'This field is required.' });
    const emptyStage = await call(h.app, 'PUT', 'la-flow/', acme, { stages: [['password'], []] });
    expect(emptyStage.status).toBe(400);
    expect((await call(h.app, 'GET', 'la-flow/', acme)).body).toEqual(before);
  });

  it('records the change with before and after', async () => {
    await call(h.app, 'PUT', 'la-flow/', acme, { stages: [['password']] });
    await call(h.app, 'PUT', 'la-flow/', acme, { stages: [['password'], ['totp']] });
    const events = await h.app.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'la_flow.update'), eq(auditEvents.outcome, 'success')));
    const last = events.find((e) => JSON.stringify(e.details).includes('totp"]]'));
    expect(last).toMatchObject({
      targetType: 'la_flow',
      details: { before: { stages: [['password']] }, after: { stages: [['password'], ['totp']] } },
    });
  });

  it('is kept per customer', async () => {
    const globexId = await customerIdByName(h, 'Globex');
    expect((await call(h.app, 'GET', 'la-flow/', globex)).status).toBe(403);
    await h.app.services.db.update(customers).set({ laEnabled: true }).where(eq(customers.id, globexId));
    expect((await call(h.app, 'GET', 'la-flow/', globex)).body.updated_at).toBeNull();
    await call(h.app, 'PUT', 'la-flow/', globex, { stages: [['sms']] });
    expect((await call(h.app, 'GET', 'la-flow/', acme)).body.stages).toEqual([['password'], ['totp']]);
  });
});
