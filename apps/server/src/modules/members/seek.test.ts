/**
 * Keyset pages and tallied counts against the plain answer: for any ordering, filters, page size
 * and page, users/ and workstation-users/ answer what OFFSET/LIMIT and count(*) over the same
 * rows answer. Runs of 3 members per anchor and a near-top of 2 rows make a few dozen members
 * walk every path (from the top, from the bottom, from an anchor), and a search's page with an
 * estimated count (from a walk of the ordering's index) beside its exact count on users/count/.
 */
import { CREDENTIAL_TYPES, type CredentialType, MEMBER_ORDERINGS } from '@portiere/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configurations,
  credentialKindMask,
  credentials,
  customers,
  members,
  membersEnrolledSortKey,
} from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { tallyMismatches } from '../../test/tallies.ts';
import { rebuildTallies, TALLY_TUNING } from './tallies.ts';

const KINDS: CredentialType[][] = [[], ['mail'], ['mail', 'totp'], ['hotp'], ['app', 'password'], ['pin', 'sms']];
const DAYS = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'];
const SEARCHES = ['ro', 'bi', 'p1', 'x@', 'zzz'];

/** The search written out over the member's own columns, not over member_search. */
const searchedBy = (s: string) =>
  sql`(${members.username} || ' ' || ${members.firstName} || ' ' || ${members.lastName} || ' ' || ${members.email}) ilike ${`%${s}%`}`;

interface ListQuery {
  ordering: (typeof MEMBER_ORDERINGS)[number];
  descending: boolean;
  search?: string;
  group?: string;
  enrolled?: 'true' | 'false';
  blocked?: 'true' | 'false';
  created_after?: string;
  created_before?: string;
  credential_types?: CredentialType[];
  page_size: number;
  page: number;
}

describe.each(testDatabases())('member pages by keyset on $name', (database) => {
  let h: Harness;
  let token: string;
  let acmeId: string;
  let groups: string[];
  const tuning = { ...TALLY_TUNING };

  beforeAll(async () => {
    Object.assign(TALLY_TUNING, { anchorRun: 3, nearTop: 2, searchSorted: 12, estimateOver: 2, walkMargin: 8 });
    h = await startHarness(database);
    token = (await signIn(h, 'admin@acme.example')).access;
    const db = h.app.services.db;
    const [acme] = await db.select().from(customers).where(eq(customers.name, 'Acme'));
    acmeId = acme?.id ?? '';
    groups = (
      await db
        .insert(configurations)
        .values(['P1', 'P2'].map((name) => ({ customerId: acmeId, name, allowed: [] })))
        .returning({ id: configurations.id })
    ).map((g) => g.id);
    // 45 members with many ties in every ordering (names, addresses, creation and enrolment times).
    const rows = Array.from({ length: 45 }, (_, i) => {
      const kinds = KINDS[i % KINDS.length] ?? [];
      const enrolled = i % 4 !== 0;
      return {
        customerId: acmeId,
        username: `p${i}`,
        firstName: ['Anna', 'Rob'][i % 2] ?? '',
        lastName: ['Rossi', 'Bianchi', 'Verdi', ''][i % 4] ?? '',
        email: i % 5 === 0 ? '' : `x${i % 7}@acme.example`,
        groupId: i % 3 === 2 ? null : (groups[i % 3] ?? null),
        blocked: i % 6 === 0,
        enrolled,
        enrolledAt: enrolled ? new Date(`${DAYS[i % 3]}T10:00:00Z`) : null,
        credentialTypes: kinds,
        credentialKinds: credentialKindMask(kinds),
        windowsLogin: i % 3 === 0 && kinds.length > 0,
        createdAt: new Date(`${DAYS[i % 4]}T0${i % 2}:00:00Z`),
      };
    });
    const inserted = await db.insert(members).values(rows).returning();
    // Their credentials, as the member rows say (the first one usable for Windows login if flagged).
    const held = inserted.flatMap((m) =>
      m.credentialTypes.map((type, k) => ({
        customerId: acmeId,
        memberId: m.id,
        type,
        isEnrolled: m.enrolled,
        windowsLogin: m.windowsLogin && k === 0,
      })),
    );
    await db.insert(credentials).values(held);
    await rebuildTallies(db, acmeId);
    expect(await tallyMismatches(db, acmeId)).toEqual([]);
    // Statistics, so that the planner's estimate of a search's matches (which decides whether
    // its count is estimated) is near what it matches, as on a database in use.
    await db.execute(sql`analyze members, member_search`);
  });
  afterAll(async () => {
    Object.assign(TALLY_TUNING, tuning);
    await h.close();
  });

  /** The plain answer: OFFSET/LIMIT and count(*) over conditions written out here. */
  async function expected(q: ListQuery) {
    const parts: (SQL | undefined)[] = [eq(members.customerId, acmeId)];
    if (q.search) parts.push(searchedBy(q.search));
    if (q.group) {
      const wanted = q.group.split(',');
      const ids = wanted.filter((g) => g !== 'none');
      parts.push(
        or(
          wanted.includes('none') ? isNull(members.groupId) : undefined,
          ids.length ? inArray(members.groupId, ids) : undefined,
        ),
      );
    }
    if (q.enrolled) parts.push(eq(members.enrolled, q.enrolled === 'true'));
    if (q.blocked) parts.push(eq(members.blocked, q.blocked === 'true'));
    if (q.created_after) parts.push(gte(members.createdAt, new Date(`${q.created_after}T00:00:00Z`)));
    if (q.created_before)
      parts.push(lt(members.createdAt, new Date(new Date(`${q.created_before}T00:00:00Z`).getTime() + 86_400_000)));
    if (q.credential_types?.length)
      parts.push(
        sql`${members.credentialTypes} ?| ${sql.raw(`array[${q.credential_types.map((t) => `'${t}'`).join(',')}]`)}`,
      );
    const where = and(...parts);
    const key = {
      username: members.username,
      last_name: members.lastName,
      email: members.email,
      created_at: members.createdAt,
      enrolled_at: membersEnrolledSortKey(members.enrolledAt),
    }[q.ordering];
    const dir = q.descending ? desc : asc;
    const db = h.app.services.db;
    const ids = await db
      .select({ id: members.id })
      .from(members)
      .where(where)
      .orderBy(dir(key), dir(members.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const [total] = await db.select({ n: count() }).from(members).where(where);
    return { count: total?.n ?? 0, ids: ids.map((r) => r.id) };
  }

  function url(q: ListQuery): string {
    const params = new URLSearchParams({
      ordering: `${q.descending ? '-' : ''}${q.ordering}`,
      page: String(q.page),
      page_size: String(q.page_size),
    });
    for (const k of ['search', 'group', 'enrolled', 'blocked', 'created_after', 'created_before'] as const) {
      const v = q[k];
      if (v !== undefined) params.set(k, v);
    }
    if (q.credential_types) params.set('credential_types', q.credential_types.join(','));
    return `users/?${params}`;
  }

  const queries = (): fc.Arbitrary<ListQuery> => {
    const paging = {
      ordering: fc.constantFrom(...MEMBER_ORDERINGS),
      descending: fc.boolean(),
      page_size: fc.integer({ min: 1, max: 7 }),
      page: fc.integer({ min: 1, max: 48 }),
    };
    const filtered = fc.record(
      {
        ...paging,
        search: fc.constantFrom(...SEARCHES),
        group: fc.subarray([...groups, 'none'], { minLength: 1 }).map((g) => g.join(',')),
        enrolled: fc.constantFrom('true' as const, 'false' as const),
        blocked: fc.constantFrom('true' as const, 'false' as const),
        created_after: fc.constantFrom(...DAYS),
        created_before: fc.constantFrom(...DAYS),
        credential_types: fc.subarray([...CREDENTIAL_TYPES], { minLength: 1, maxLength: 3 }),
      },
      { requiredKeys: ['ordering', 'descending', 'page_size', 'page'] },
    );
    // Lists unfiltered or filtered by one column the anchors tally are read from the anchors deep
    // down: give them a good share of the runs.
    const tallied = fc.oneof(
      fc.record({ ...paging, enrolled: fc.constantFrom('true' as const, 'false' as const) }),
      fc.record({ ...paging, blocked: fc.constantFrom('true' as const, 'false' as const) }),
      fc.record({ ...paging, credential_types: fc.constantFrom(...CREDENTIAL_TYPES).map((t) => [t]) }),
    );
    // A search alone or with one filter: its matches (up to 34 of the 45) fall on both sides of
    // the searchSorted limit of 12, so a search sorted by a name is sorted and walked. Pages
    // within its matches, mostly: past them every path answers an empty page.
    const searchedPaging = { ...paging, page: fc.integer({ min: 1, max: 12 }) };
    const searched = fc.oneof(
      fc.record({ ...searchedPaging, search: fc.constantFrom(...SEARCHES) }),
      fc.record({
        ...searchedPaging,
        search: fc.constantFrom(...SEARCHES),
        blocked: fc.constantFrom('true' as const, 'false' as const),
      }),
    );
    // The first pages of a search in a time ordering, alone or with a filter the search rows do
    // not hold: where a walk finds the page and the count may be estimated.
    const firstPages = {
      ...paging,
      ordering: fc.constantFrom('created_at' as const, 'enrolled_at' as const),
      page: fc.integer({ min: 1, max: 3 }),
      search: fc.constantFrom(...SEARCHES),
    };
    const searchedFirst = fc.oneof(
      fc.record(firstPages),
      fc.record({ ...firstPages, group: fc.constantFrom(...groups, 'none') }),
    );
    return fc.oneof(
      { arbitrary: fc.record(paging), weight: 2 },
      { arbitrary: tallied, weight: 2 },
      { arbitrary: searched, weight: 2 },
      { arbitrary: searchedFirst, weight: 2 },
      { arbitrary: filtered, weight: 3 },
    );
  };

  /** users/count/ with the query's filters. */
  const countUrl = (q: ListQuery) => {
    const params = new URL(url(q), 'http://x').searchParams;
    for (const k of ['ordering', 'page', 'page_size']) params.delete(k);
    return `users/count/?${params}`;
  };

  // How readily a search's page takes an estimated count (wherever a walk finds it, readily, as
  // by default, never), and how soon that walk gives up (at half its expected length, or 8 times).
  const tunings = fc.record({
    estimateOver: fc.constantFrom(0, 0, 0.2, 2, Number.POSITIVE_INFINITY),
    walkMargin: fc.constantFrom(0.5, 8),
  });

  async function samePages(runs: number) {
    await fc.assert(
      fc.asyncProperty(queries(), tunings, async (q, tuning) => {
        Object.assign(TALLY_TUNING, tuning);
        const got = (await call(h.app, 'GET', url(q), token)).body;
        const want = await expected(q);
        expect(got.results.map((m: { id: string }) => m.id)).toEqual(want.ids);
        // The exact count on its own route; in the list's answer unless marked as estimated.
        expect((await call(h.app, 'GET', countUrl(q), token)).body).toEqual({ count: want.count });
        if (got.count_estimated) {
          // Only a search's, with more rows after the page, and at least as many as those seen.
          expect(q.search).toBeDefined();
          expect(got.next_page).toBe(q.page + 1);
          expect(got.count).toBeGreaterThan(q.page * q.page_size);
        } else {
          expect(got.count_estimated).toBe(false);
          expect(got.count).toBe(want.count);
          expect(got.next_page).toBe(q.page * q.page_size < want.count ? q.page + 1 : null);
        }
      }),
      { numRuns: runs },
    );
  }

  it('answers what OFFSET and count(*) answer, for any ordering, filters and page', async () => {
    await samePages(250);
  });

  it('still does after members are added, renamed, enrolled, blocked and deleted through the API', async () => {
    const added = [];
    for (let i = 0; i < 8; i++)
      added.push(await createMember(h, token, { username: `q${i}`, last_name: 'Rossi', email: 'x1@acme.example' }));
    await call(h.app, 'PATCH', `users/${added[0]?.id}/`, token, { username: 'a-first', last_name: 'Zeta' });
    await post(h.app, `users/${added[1]?.id}/credentials/`, { type: 'mail' }, token);
    await post(h.app, `users/${added[2]?.id}/credentials/`, { type: 'pin', value: '4321', windows_login: true }, token);
    await post(h.app, 'users/bulk/', { action: 'block', ids: added.slice(3, 6).map((m) => m.id) }, token);
    const some = await h.app.services.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.customerId, acmeId))
      .limit(12);
    await post(h.app, 'users/bulk/', { action: 'delete', ids: some.map((m) => m.id) }, token);
    expect(await tallyMismatches(h.app.services.db, acmeId)).toEqual([]);
    await samePages(150);
  });

  it('pages the workstation users (members with a Windows credential, by username) as OFFSET does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.constantFrom(...SEARCHES), { nil: undefined }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 20 }),
        async (search, size, pageNo) => {
          const params = new URLSearchParams({ page: String(pageNo), page_size: String(size) });
          if (search) params.set('search', search);
          const got = (await call(h.app, 'GET', `workstation-users/?${params}`, token)).body;
          const where = and(
            eq(members.customerId, acmeId),
            eq(members.windowsLogin, true),
            search ? searchedBy(search) : undefined,
          );
          const db = h.app.services.db;
          const want = await db
            .select({ id: members.id })
            .from(members)
            .where(where)
            .orderBy(asc(members.username), asc(members.id))
            .limit(size)
            .offset((pageNo - 1) * size);
          const [total] = await db.select({ n: count() }).from(members).where(where);
          expect(got.count).toBe(total?.n);
          expect(got.results.map((m: { id: string }) => m.id)).toEqual(want.map((r) => r.id));
        },
      ),
      { numRuns: 100 },
    );
  });
});
