/**
 * Reading the audit trail: who sees which tenant's events, the drawer's filters, counts, and
 * the chain verification that finds an edited, removed or forged row. Events are appended
 * with the writer the request pipeline uses.
 */

import { randomUUID } from 'node:crypto';
import type { AuditEvent } from '@portiere/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AuditEventInput, appendAuditEvents } from '../../audit/append.ts';
import { pruneAuditEvents } from '../../audit/prune.ts';
import { sealEverything } from '../../audit/sealer.ts';
import { verifyChain } from '../../audit/verify.ts';
import { auditChains, auditEvents, customers, resellers } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../../test/harness.ts';

describe.each(testDatabases())('audit trail on $name', (database) => {
  let h: Harness;
  let acmeToken: string;
  let globexToken: string;
  let partnerToken: string;
  const ids = { acme: '', globex: '', reseller: '' };

  const event = (tenantId: string, tenantType: 'customer' | 'reseller', over: Partial<AuditEventInput> = {}) =>
    ({
      tenantId,
      tenantType,
      at: h.clock.now(),
      actorType: 'staff',
      actorName: 'someone',
      sourceIp: '192.0.2.7',
      userAgent: 'test',
      action: 'member.update',
      targetType: 'member',
      targetId: 'm1',
      targetName: 'mario.rossi',
      outcome: 'success',
      details: { before: { first_name: 'Mario' }, after: { first_name: 'Marco' } },
      ...over,
    }) satisfies AuditEventInput;

  /** Writes the events as a request does, then waits for their sealing. */
  const append = async (events: AuditEventInput[]) => {
    await h.app.services.db.transaction((tx) => appendAuditEvents(tx as never, events));
    await h.app.services.auditSealer.flush();
  };
  const get = async (token: string, query = '') => {
    const res = await call(h.app, 'GET', `audit/${query}`, token);
    expect(res.status).toBe(200);
    return res.body as { count: number; results: AuditEvent[]; next_page: number | null };
  };

  beforeAll(async () => {
    h = await startHarness(database);
    const db = h.app.services.db;
    const [acme] = await db.select().from(customers).where(eq(customers.name, 'Acme'));
    const [globex] = await db.select().from(customers).where(eq(customers.name, 'Globex'));
    const [reseller] = await db.select().from(resellers);
    Object.assign(ids, { acme: acme.id, globex: globex.id, reseller: reseller.id });
    acmeToken = (await signIn(h, 'admin@acme.example')).access;
    globexToken = (await signIn(h, 'admin@globex.example')).access;
    partnerToken = (await signIn(h, 'partner@northwind.example')).access;
    // The pipeline may already have recorded the sign-ins: the tests below count from here.
    await db.delete(auditEvents);
    await db.delete(auditChains);
    await append([
      event(ids.acme, 'customer'),
      event(ids.acme, 'customer', { action: 'member.delete', outcome: 'failure', reason: 'notFound' }),
      event(ids.acme, 'customer', { action: 'credential.reset', targetType: 'credential', targetId: 'c1' }),
      event(ids.globex, 'customer', { action: 'settings.update', targetType: 'settings', targetId: ids.globex }),
      event(ids.reseller, 'reseller', { action: 'settings.update', targetType: 'settings', targetId: ids.acme }),
    ]);
  });
  afterAll(() => h.close());

  it("shows a customer user its customer's events only, newest first, with the chain's positions", async () => {
    const acme = await get(acmeToken);
    expect(acme.count).toBe(3);
    expect(acme.results.map((e) => [e.seq, e.action])).toEqual([
      [3, 'credential.reset'],
      [2, 'member.delete'],
      [1, 'member.update'],
    ]);
    expect(acme.results.every((e) => e.tenant_id === ids.acme && e.tenant_name === 'Acme')).toBe(true);
    expect(acme.results[2]).toMatchObject({
      actor_name: 'someone',
      source_ip: '192.0.2.7',
      target_name: 'mario.rossi',
      details: { before: { first_name: 'Mario' }, after: { first_name: 'Marco' } },
    });
    const globex = await get(globexToken);
    expect(globex.results.map((e) => e.action)).toEqual(['settings.update']);
  });

  it("shows a reseller its own events and its customers', and narrows to one tenant", async () => {
    const all = await get(partnerToken);
    expect(all.count).toBe(5);
    expect(new Set(all.results.map((e) => e.tenant_name))).toEqual(new Set(['Acme', 'Globex', 'Northwind Partners']));
    const own = await get(partnerToken, `?tenant=${ids.reseller}`);
    expect(own.results.map((e) => e.tenant_type)).toEqual(['reseller']);
    // A customer user cannot widen its view with the tenant filter.
    expect((await get(acmeToken, `?tenant=${ids.globex}`)).count).toBe(0);
  });

  it('filters by action (exact or by target prefix), outcome, target and date, counting what matches', async () => {
    expect((await get(acmeToken, '?action=member.')).results.map((e) => e.action)).toEqual([
      'member.delete',
      'member.update',
    ]);
    expect((await get(acmeToken, '?action=credential.reset,member.update')).count).toBe(2);
    expect((await get(acmeToken, '?outcome=failure')).results).toMatchObject([{ reason: 'notFound' }]);
    expect((await get(acmeToken, '?target_type=credential&target_id=c1')).count).toBe(1);
    expect((await get(acmeToken, '?actor=Someone')).count).toBe(3);
    expect((await get(acmeToken, `?actor=${randomUUID()},1e308`)).count).toBe(0);
    const today = h.clock.now().toISOString().slice(0, 10);
    expect((await get(acmeToken, `?from=${today}&to=${today}`)).count).toBe(3);
    expect((await get(acmeToken, '?to=2000-01-01')).count).toBe(0);
    const paged = await get(acmeToken, '?page_size=2');
    expect(paged).toMatchObject({ count: 3, next_page: 2 });
    expect((await get(acmeToken, '?page=2&page_size=2')).results.map((e) => e.seq)).toEqual([1]);
  });

  it('refuses malformed filters with a 400 and the catalogue body', async () => {
    const res = await call(h.app, 'GET', 'audit/?outcome=maybe&from=yesterday', acmeToken);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation', details: { outcome: {}, from: {} } });
  });

  it('verifies every chain the caller sees, and finds the first edited, removed or forged row', async () => {
    const before = (await call(h.app, 'GET', 'audit/verify/', partnerToken)).body;
    expect(before).toMatchObject({ ok: true });
    expect(before.chains).toHaveLength(3);

    // Someone with database access rewrites history: the second Acme event now says success.
    const db = h.app.services.db;
    const second = and(eq(auditEvents.tenantId, ids.acme), eq(auditEvents.seq, 2));
    await db.update(auditEvents).set({ outcome: 'success' }).where(second);
    const edited = (await call(h.app, 'GET', 'audit/verify/', acmeToken)).body;
    expect(edited).toMatchObject({ ok: false, chains: [{ tenant_name: 'Acme', ok: false, first_broken_seq: 2 }] });
    // Other chains are unaffected.
    const partner = (await call(h.app, 'GET', 'audit/verify/', partnerToken)).body;
    expect(partner.chains.filter((c: { ok: boolean }) => !c.ok).map((c: { tenant_id: string }) => c.tenant_id)).toEqual(
      [ids.acme],
    );

    // Put it back: the chain holds again. Then remove the row instead.
    await db.update(auditEvents).set({ outcome: 'failure' }).where(second);
    expect((await call(h.app, 'GET', 'audit/verify/', acmeToken)).body.ok).toBe(true);
    const [removed] = await db.delete(auditEvents).where(second).returning();
    expect((await call(h.app, 'GET', 'audit/verify/', acmeToken)).body.chains[0]).toMatchObject({
      ok: false,
      first_broken_seq: 2,
      first_broken_id: null,
    });

    // A forged row recomputing its own hash still breaks the link of the next one.
    await db.insert(auditEvents).values({ ...removed, details: { forged: true } });
    const forged = (await call(h.app, 'GET', 'audit/verify/', acmeToken)).body.chains[0];
    expect(forged).toMatchObject({ ok: false, first_broken_seq: 2 });
  });

  it('exports what the list shows, newest first, as CSV with a byte order mark or as JSON', async () => {
    const res = await h.app.inject({
      url: '/api/v1/audit/export/?format=csv&action=member.',
      headers: { authorization: `Bearer ${acmeToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '\uFEFFat,tenant_name,seq,actor_type,actor_name,source_ip,user_agent,action,target_type,target_id,target_name,outcome,reason,request_id,details',
    );
    expect(lines.slice(1).map((l) => l.split(',')[7])).toEqual(['member.delete', 'member.update']);

    const listed = await get(partnerToken, '?page_size=100');
    const json = await h.app.inject({
      url: '/api/v1/audit/export/?format=json&action=member.,audit.export',
      headers: { authorization: `Bearer ${partnerToken}` },
    });
    const exported = json.json().map((e: AuditEvent) => e.id);
    expect(exported).toEqual(
      listed.results.filter((e) => e.action.startsWith('member.') || e.action === 'audit.export').map((e) => e.id),
    );
    // The export is itself recorded, with its filters and row count, in the reseller's chain.
    const [recorded] = (await get(partnerToken, '?action=audit.export')).results;
    expect(recorded).toMatchObject({
      tenant_id: ids.reseller,
      actor_name: 'partner@northwind.example',
      target_type: 'audit',
      details: { filters: { action: 'member.,audit.export', format: 'json' }, rows: exported.length },
    });
    // Read in batches of two, the keyset crosses every boundary without losing or repeating a row.
    const partner = { user_type: 'ResellerUser', reseller_id: ids.reseller } as never;
    const batched = [];
    const now = await get(partnerToken, '?page_size=100');
    for await (const e of h.app.services.audit.exportEvents(partner, {}, 2)) batched.push(e.id);
    expect(batched).toEqual(now.results.map((e) => e.id));
  });

  it('seals concurrent writes of one tenant into one chain, without gaps or forks, even with two sealers', async () => {
    const tenant = randomUUID();
    const db = h.app.services.database.db;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction((tx) => appendAuditEvents(tx as never, [event(tenant, 'customer', { targetId: `t${i}` })])),
      ),
    );
    // Every row is there at once, sealed or not.
    const unsealed = await db
      .select({ seq: auditEvents.seq })
      .from(auditEvents)
      .where(eq(auditEvents.tenantId, tenant));
    expect(unsealed).toHaveLength(12);
    // Two nodes sealing at once: one holds the lock, the other leaves the rows to it.
    const results = await Promise.all([sealEverything(db), sealEverything(db)]);
    expect(results).toContain('done');
    await h.app.services.auditSealer.flush();
    const rows = await db
      .select({ seq: auditEvents.seq })
      .from(auditEvents)
      .where(eq(auditEvents.tenantId, tenant))
      .orderBy(auditEvents.seq);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await verifyChain(db, tenant)).toMatchObject({ ok: true, checked: 12 });
  });

  it('seals what a request wrote within moments, without anyone asking', async () => {
    const created = await call(h.app, 'POST', 'users/', globexToken, {
      username: `sealed-${randomUUID().slice(0, 8)}`,
      first_name: 'Sealed',
      last_name: 'Soon',
      email: 'sealed@globex.example',
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const db = h.app.services.database.db;
    await vi.waitFor(
      async () => {
        const [row] = await db.select().from(auditEvents).where(eq(auditEvents.targetId, id));
        expect(row?.seq).toBeGreaterThan(0);
        expect(row?.hash).toMatch(/^[0-9a-f]{64}$/);
      },
      { timeout: 3000, interval: 20 },
    );
  });

  it("prunes past the customer's retention from the oldest end, and the rest still verifies", async () => {
    const db = h.app.services.db;
    // A tenant of its own, so the counts of the other tests do not move.
    const [reseller] = await db.insert(resellers).values({ name: 'Retention Reseller' }).returning();
    const [customer] = await db
      .insert(customers)
      .values({ resellerId: reseller.id, name: 'Short Memory', settings: { general: { audit_retention_days: 30 } } })
      .returning();
    const daysAgo = (d: number) => new Date(h.clock.now().getTime() - d * 86_400_000);
    await append([
      event(customer.id, 'customer', { at: daysAgo(90) }),
      event(customer.id, 'customer', { at: daysAgo(31) }),
      event(customer.id, 'customer', { at: daysAgo(29) }),
      event(reseller.id, 'reseller', { at: daysAgo(90) }),
    ]);
    const pruned = await pruneAuditEvents(db, h.clock.now());
    await h.app.services.auditSealer.flush();
    expect(pruned.filter((p) => p.tenantId === customer.id || p.tenantId === reseller.id)).toEqual([
      { tenantId: customer.id, pruned: 2, throughSeq: 2 },
    ]);
    const kept = await db
      .select({ seq: auditEvents.seq, action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.tenantId, customer.id))
      .orderBy(auditEvents.seq);
    expect(kept).toEqual([
      expect.objectContaining({ seq: 3, action: 'member.update' }),
      { seq: 4, action: 'audit.prune', details: { pruned: 2, through_seq: 2, retention_days: 30 } },
    ]);
    expect(await verifyChain(db, customer.id)).toMatchObject({ ok: true, checked: 2 });
    // The reseller keeps 365 days.
    expect(await verifyChain(db, reseller.id)).toMatchObject({ ok: true, checked: 1 });
    // Pruning again finds nothing more to remove.
    const again = await pruneAuditEvents(db, h.clock.now());
    expect(again.some((p) => p.tenantId === customer.id)).toBe(false);
  });
});
