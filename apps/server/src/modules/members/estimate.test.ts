/**
 * users/ with an estimated count: a search matching a third of 3,000 members answers its first
 * pages with the planner's estimate, marked as such, and the same members in the same order as
 * exact paging; users/count/ answers the exact count; a rare search, a page deep in a common one
 * and every list without a search answer the exact count, unmarked. Default tuning, statistics
 * analysed: what a customer's database decides.
 */
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, members } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, type Harness, signIn, startHarness } from '../../test/harness.ts';
import { rebuildTallies } from './tallies.ts';

const MEMBERS = 3000;
const SURNAMES = ['Rossi', 'Bianchi', 'Verdi'];

describe.each(testDatabases())('estimated member counts on $name', (database) => {
  let h: Harness;
  let token: string;
  let acmeId: string;

  beforeAll(async () => {
    h = await startHarness(database);
    token = (await signIn(h, 'admin@acme.example')).access;
    const db = h.app.services.db;
    const [acme] = await db.select().from(customers).where(eq(customers.name, 'Acme'));
    acmeId = acme?.id ?? '';
    // A third of them named Rossi; five named Zeta.
    const rows = Array.from({ length: MEMBERS }, (_, i) => ({
      customerId: acmeId,
      username: `member${i}`,
      firstName: 'Anna',
      lastName: i % 600 === 1 ? 'Zeta' : (SURNAMES[i % 3] ?? ''),
      email: `member${i}@acme.example`,
      blocked: i % 10 === 0,
      createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 2) * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 1000) await db.insert(members).values(rows.slice(i, i + 1000));
    await rebuildTallies(db, acmeId);
    await db.execute(sql`analyze members, member_search`);
  }, 120_000);
  afterAll(() => h.close());

  /** The members whose last name holds `text`, newest first, and how many. */
  async function expected(text: string, offset: number, size: number) {
    const db = h.app.services.db;
    const where = and(eq(members.customerId, acmeId), ilike(members.lastName, `%${text}%`));
    const page = await db
      .select({ id: members.id })
      .from(members)
      .where(where)
      .orderBy(desc(members.createdAt), desc(members.id))
      .offset(offset)
      .limit(size);
    const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(members).where(where);
    return { ids: page.map((r) => r.id), count: Number(all?.n) };
  }
  const ids = (body: { results: { id: string }[] }) => body.results.map((m) => m.id);

  it('answers the first pages of a common search with an estimate, marked, and the members exact paging finds', async () => {
    const want = await expected('rossi', 0, 25);
    expect(want.count).toBe(1000);
    const first = (await call(h.app, 'GET', 'users/?search=rossi', token)).body;
    expect(first.count_estimated).toBe(true);
    expect(ids(first)).toEqual(want.ids);
    expect(first.next_page).toBe(2);
    // The planner's estimate: near, not necessarily equal.
    expect(first.count).toBeGreaterThan(800);
    expect(first.count).toBeLessThan(1250);

    const second = (await call(h.app, 'GET', 'users/?search=rossi&page=2', token)).body;
    expect(second.count_estimated).toBe(true);
    expect(ids(second)).toEqual((await expected('rossi', 25, 25)).ids);

    expect((await call(h.app, 'GET', 'users/count/?search=rossi', token)).body).toEqual({ count: 1000 });
    expect((await call(h.app, 'GET', 'users/count/?search=rossi&blocked=true', token)).body).toEqual({ count: 100 });
  });

  it('answers the exact count, unmarked, for a rare search, a page deep in a common one and a list without a search', async () => {
    const rare = (await call(h.app, 'GET', 'users/?search=zeta', token)).body;
    expect(rare).toMatchObject({ count: 5, count_estimated: false, next_page: null });
    expect(ids(rare)).toEqual((await expected('zeta', 0, 25)).ids);

    const deep = (await call(h.app, 'GET', 'users/?search=rossi&page=30', token)).body;
    expect(deep).toMatchObject({ count: 1000, count_estimated: false, next_page: 31 });
    expect(ids(deep)).toEqual((await expected('rossi', 725, 25)).ids);

    const blocked = (await call(h.app, 'GET', 'users/?blocked=true', token)).body;
    expect(blocked.count_estimated).toBe(false);
    const [n] = await h.app.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(members)
      .where(and(eq(members.customerId, acmeId), eq(members.blocked, true)));
    expect(blocked.count).toBe(Number(n?.n));
  });

  it("counts only the caller's members, and refuses a malformed filter with 400", async () => {
    const globex = (await signIn(h, 'admin@globex.example')).access;
    expect((await call(h.app, 'GET', 'users/count/?search=rossi', globex)).body).toEqual({ count: 0 });
    const bad = await call(h.app, 'GET', 'users/count/?created_after=yesterday', token);
    expect(bad.status).toBe(400);
  });
});
