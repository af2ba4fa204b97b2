/**
 * The counters and anchors of a customer's members (db/schema/tallies.ts), kept in the
 * transaction of every change: members per class (member_counts), the anchors of each list
 * ordering (member_anchors), credentials per kind (credential_counts), and the recovery modes
 * and members on the customer row.
 *
 * A change to members, their credentials or their recovery modes runs as
 *   lockTallies -> leaveTallies(ids) -> the change -> joinTallies(ids)
 * (or through aroundTallies): what the members counted before leaves, what they count after
 * joins. The lock, on the customer row, serialises the customer's member writers, so anchors
 * are never split under a concurrent writer and every counter upsert waits in one order.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { CREDENTIAL_KIND_BITS, NO_GROUP } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * anchorRun: anchors start runs of about this many members; a run splits above twice that and
 * merges into the run before below a quarter. nearTop: pages within this many rows of the top
 * are read by skipping index entries (seek.ts), without the count or the anchors. searchSorted:
 * a search sorted by a name with at most this many matches is sorted, not walked to (seek.ts).
 * estimateOver: the members list answers a search's page with an estimated count where its
 * matches are more than this many times the members a walk to the page passes; walkMargin: that
 * walk gives up past this many times its expected length (estimate.ts). Tests shrink them to
 * walk every path with a few dozen members.
 */
export const TALLY_TUNING = {
  anchorRun: 2000,
  nearTop: 5000,
  searchSorted: 100_000,
  estimateOver: 2,
  walkMargin: 8,
};

export type AnchorSort = 'username' | 'last_name' | 'email' | 'created_at' | 'enrolled_at';

/**
 * Each ordering's key over the members columns (unqualified: the queries read members alone or
 * beside tables without these names), and whether it is text (key_text) or a time (key_time).
 * The same keys as the list's ORDER_KEYS (list-query.ts) and their indexes.
 */
export const ANCHOR_KEYS: Record<AnchorSort, { key: string; time: boolean }> = {
  username: { key: 'username', time: false },
  last_name: { key: 'last_name', time: false },
  email: { key: 'email', time: false },
  created_at: { key: 'created_at', time: true },
  enrolled_at: { key: "coalesce(enrolled_at, 'infinity'::timestamptz)", time: true },
};
const SORTS = Object.keys(ANCHOR_KEYS) as AnchorSort[];

/**
 * What each anchor counts of its run besides all of it (n), in member_anchors.tallies (1-based
 * in SQL): the drawer's single-column filters, so a page deep in a list filtered by one of them
 * starts from an anchor too. Predicates over the members columns, unqualified. Stored
 * positions: never reorder, only append (and recount the anchors in a migration).
 */
export const ANCHOR_TALLIES: readonly { blocked?: true; enrolled?: true; kind?: number; sql: string }[] = [
  { blocked: true, sql: 'blocked' },
  { enrolled: true, sql: 'enrolled' },
  ...Object.values(CREDENTIAL_KIND_BITS)
    .sort((a, b) => a - b)
    .map((bit) => ({ kind: bit, sql: `credential_kinds & ${bit} <> 0` })),
];

/** The tallies of the rows grouped, times `sign`, as an int[] (SQL). */
const tallyCounts = (sign: 1 | -1 = 1) =>
  `array[${ANCHOR_TALLIES.map((t) => `${sign} * count(*) filter (where ${t.sql})`).join(', ')}]::int[]`;

/** Two tallies arrays added (or subtracted) element by element (SQL). */
const addTallies = (x: string, y: string, op: '+' | '-' = '+') =>
  `(select array_agg(u.x ${op} u.y order by u.i) from unnest(${x}, ${y}) with ordinality as u(x, y, i))`;

/** An anchor as the database answers it (key_time as text: a JS Date would drop microseconds). */
interface AnchorRow {
  sort: AnchorSort;
  key_text: string;
  key_time: string;
  member_id: string;
  n: number;
  [k: string]: unknown;
}

/**
 * Takes the customer's tally lock (its row) and moves members_count by `membersDelta`: call first,
 * before reading or changing the members whose tallies move.
 */
export async function lockTallies(db: Db, customerId: string, membersDelta = 0): Promise<void> {
  await db.execute(
    sql`update customers set members_count = members_count + ${membersDelta}::int where id = ${customerId}::uuid`,
  );
}

/** The members' current tallies leave (before they change or go). */
export async function leaveTallies(db: Db, customerId: string, memberIds: readonly string[]): Promise<void> {
  const ids = memberIds.filter(isUuid);
  if (!ids.length) return;
  const touched = await applyTallies(db, customerId, ids, -1);
  for (const a of touched)
    if (a.n < TALLY_TUNING.anchorRun / 4 && !isFirstAnchor(a)) await mergeAnchor(db, customerId, a);
}

/** The members' current tallies join (after they were created or changed). */
export async function joinTallies(db: Db, customerId: string, memberIds: readonly string[]): Promise<void> {
  const ids = memberIds.filter(isUuid);
  if (!ids.length) return;
  const touched = await applyTallies(db, customerId, ids, 1);
  for (const a of touched) if (a.n > 2 * TALLY_TUNING.anchorRun) await splitAnchor(db, customerId, a);
}

/** Lock, leave, change, join: for a change to existing members (their row, credentials or recovery modes). */
export async function aroundTallies<T>(
  db: Db,
  customerId: string,
  memberIds: readonly string[],
  change: () => Promise<T>,
): Promise<T> {
  await lockTallies(db, customerId);
  await leaveTallies(db, customerId, memberIds);
  const out = await change();
  await joinTallies(db, customerId, memberIds);
  return out;
}

/** The members columns the tallies read. */
const TALLIED = 'm.blocked, m.enrolled, m.credential_kinds';

const keyRows = SORTS.map((sort) => {
  const { key, time } = ANCHOR_KEYS[sort];
  return time
    ? `select '${sort}'::text as sort, ''::text as kt, ${key} as tt, m.id, ${TALLIED} from m`
    : `select '${sort}'::text as sort, ${key} as kt, '-infinity'::timestamptz as tt, m.id, ${TALLIED} from m`;
}).join(' union all ');

/**
 * One statement: the members' class counts, credentials per kind, recovery modes, and the anchor
 * run each one falls in for each ordering, all move by `sign`. Answers the anchors touched.
 */
async function applyTallies(
  db: Db,
  customerId: string,
  memberIds: readonly string[],
  sign: 1 | -1,
): Promise<AnchorRow[]> {
  const c = sql`${customerId}::uuid`;
  const result = await db.execute(sql`
    with m as (
      select * from members m
      where m.customer_id = ${c} and m.id = any(${`{${memberIds.join(',')}}`}::uuid[])
    ),
    classes as (
      insert into member_counts as t (customer_id, group_id, enrolled, blocked, credential_kinds, windows_login, n)
      select ${c}, coalesce(m.group_id, ${NO_GROUP}::uuid), m.enrolled, m.blocked, m.credential_kinds, m.windows_login,
        ${sign}::int * count(*)::int
      from m group by 2, 3, 4, 5, 6
      on conflict (customer_id, group_id, enrolled, blocked, credential_kinds, windows_login)
        do update set n = t.n + excluded.n
    ),
    creds as (
      insert into credential_counts as t (customer_id, type, total, web, workstation)
      select ${c}, cr.type, ${sign}::int * count(*)::int,
        ${sign}::int * (count(*) filter (where cr.is_web))::int,
        ${sign}::int * (count(*) filter (where cr.windows_login))::int
      from credentials cr join m on cr.member_id = m.id
      group by cr.type
      on conflict (customer_id, type) do update
        set total = t.total + excluded.total, web = t.web + excluded.web, workstation = t.workstation + excluded.workstation
    ),
    modes as (
      select count(*)::int as total, (count(*) filter (where r.deactivated_at is null))::int as active
      from recovery_modes r join m on r.member_id = m.id
    ),
    recovery as (
      update customers set
        recovery_modes_count = recovery_modes_count + ${sign}::int * (select total from modes),
        recovery_modes_active = recovery_modes_active + ${sign}::int * (select active from modes)
      where id = ${c} and (select total from modes) > 0
    ),
    k as (${sql.raw(keyRows)}),
    hits as (
      select k.sort, coalesce(a.key_text, '') as kt, coalesce(a.key_time, '-infinity'::timestamptz) as tt,
        coalesce(a.member_id, ${NO_GROUP}::uuid) as id, count(*)::int as c, ${sql.raw(tallyCounts(sign))} as tl
      from k left join lateral (
        select a.key_text, a.key_time, a.member_id from member_anchors a
        where a.customer_id = ${c} and a.sort = k.sort and (a.key_text, a.key_time, a.member_id) <= (k.kt, k.tt, k.id)
        order by a.key_text desc, a.key_time desc, a.member_id desc
        limit 1
      ) a on true
      group by 1, 2, 3, 4
    )
    insert into member_anchors as t (customer_id, sort, key_text, key_time, member_id, n, tallies)
    select ${c}, sort, kt, tt, id, ${sign}::int * c, tl from hits
    on conflict (customer_id, sort, key_text, key_time, member_id)
      do update set n = t.n + excluded.n, tallies = ${sql.raw(addTallies('t.tallies', 'excluded.tallies'))}
    returning t.sort, t.key_text, t.key_time::text as key_time, t.member_id, t.n`);
  return rowsOf<AnchorRow>(result);
}

const isFirstAnchor = (a: AnchorRow) => a.key_text === '' && a.key_time === '-infinity' && a.member_id === NO_GROUP;

/**
 * Where the run of anchor CTE `anchor` starts, as a condition on members `m`: its key as
 * sub-selects (plan parameters), so the index seeks to it instead of filtering a join.
 */
function fromAnchor(sort: AnchorSort, anchor: string): string {
  const { key, time } = ANCHOR_KEYS[sort];
  return `(${key}, m.id) >= ((select ${time ? 'key_time' : 'key_text'} from ${anchor}), (select member_id from ${anchor}))`;
}

/**
 * A run grown past twice the run size: a new anchor at its run-size-th member takes the rest,
 * with their tallies counted (at most a run's worth of index entries).
 */
async function splitAnchor(db: Db, customerId: string, a: AnchorRow): Promise<void> {
  const { key, time } = ANCHOR_KEYS[a.sort];
  const run = TALLY_TUNING.anchorRun;
  const c = sql`${customerId}::uuid`;
  const col = sql.raw(time ? 'key_time' : 'key_text');
  const at = sql`a.customer_id = ${c} and a.sort = ${a.sort} and a.key_text = ${a.key_text}
    and a.key_time = ${a.key_time}::timestamptz and a.member_id = ${a.member_id}::uuid`;
  await db.execute(sql`
    with a as (select * from member_anchors a where ${at}),
    nx as (
      select x.key_text, x.key_time, x.member_id from member_anchors x
      where x.customer_id = ${c} and x.sort = ${a.sort}
        and (x.key_text, x.key_time, x.member_id) > (${a.key_text}, ${a.key_time}::timestamptz, ${a.member_id}::uuid)
      order by x.key_text, x.key_time, x.member_id limit 1
    ),
    b as (
      select ${sql.raw(key)} as k, m.id from members m
      where m.customer_id = ${c} and ${sql.raw(fromAnchor(a.sort, 'a'))}
      order by ${sql.raw(key)}, m.id offset ${run} limit 1
    ),
    moved as (
      select count(*)::int as n, ${sql.raw(tallyCounts())} as tallies from members m
      where m.customer_id = ${c} and (${sql.raw(key)}, m.id) >= ((select k from b), (select id from b))
        and (not exists (select 1 from nx) or (${sql.raw(key)}, m.id) < ((select ${col} from nx), (select member_id from nx)))
    ),
    added as (
      insert into member_anchors (customer_id, sort, key_text, key_time, member_id, n, tallies)
      select ${c}, ${a.sort}, ${sql.raw(time ? "''" : 'b.k')}, ${sql.raw(time ? 'b.k' : "'-infinity'::timestamptz")}, b.id,
        moved.n, moved.tallies
      from b, moved
    )
    update member_anchors a set n = a.n - (select n from moved),
      tallies = ${sql.raw(addTallies('a.tallies', '(select tallies from moved)', '-'))}
    where ${at} and exists (select 1 from b)`);
}

/** A run shrunk below a quarter of the run size: its anchor goes and the run before takes its members. */
async function mergeAnchor(db: Db, customerId: string, a: AnchorRow): Promise<void> {
  const c = sql`${customerId}::uuid`;
  await db.execute(sql`
    with gone as (
      delete from member_anchors a
      where a.customer_id = ${c} and a.sort = ${a.sort} and a.key_text = ${a.key_text}
        and a.key_time = ${a.key_time}::timestamptz and a.member_id = ${a.member_id}::uuid
      returning a.n, a.tallies
    ),
    prev as (
      select a.key_text, a.key_time, a.member_id from member_anchors a
      where a.customer_id = ${c} and a.sort = ${a.sort}
        and (a.key_text, a.key_time, a.member_id) < (${a.key_text}, ${a.key_time}::timestamptz, ${a.member_id}::uuid)
      order by a.key_text desc, a.key_time desc, a.member_id desc
      limit 1
    )
    update member_anchors a set n = a.n + (select n from gone),
      tallies = ${sql.raw(addTallies('a.tallies', '(select tallies from gone)'))}
    from prev
    where a.customer_id = ${c} and a.sort = ${a.sort} and (a.key_text, a.key_time, a.member_id) = (prev.key_text, prev.key_time, prev.member_id)
      and exists (select 1 from gone)`);
}

/**
 * Recounts every tally of the customer from its rows, set-based: after members were written
 * outside the services (the seed command, the demo data). Call inside a transaction.
 */
export async function rebuildTallies(db: Db, customerId: string): Promise<void> {
  const c = sql`${customerId}::uuid`;
  await lockTallies(db, customerId);
  await db.execute(sql`
    update customers set
      members_count = (select count(*) from members where customer_id = ${c}),
      recovery_modes_count = (select count(*) from recovery_modes where customer_id = ${c}),
      recovery_modes_active = (select count(*) from recovery_modes where customer_id = ${c} and deactivated_at is null)
    where id = ${c}`);
  await db.execute(sql`delete from member_counts where customer_id = ${c}`);
  await db.execute(sql`
    insert into member_counts (customer_id, group_id, enrolled, blocked, credential_kinds, windows_login, n)
    select ${c}, coalesce(group_id, ${NO_GROUP}::uuid), enrolled, blocked, credential_kinds, windows_login, count(*)
    from members where customer_id = ${c} group by 2, 3, 4, 5, 6`);
  await db.execute(sql`delete from credential_counts where customer_id = ${c}`);
  await db.execute(sql`
    insert into credential_counts (customer_id, type, total, web, workstation)
    select ${c}, type, count(*), count(*) filter (where is_web), count(*) filter (where windows_login)
    from credentials where customer_id = ${c} group by type`);
  await db.execute(sql`delete from member_anchors where customer_id = ${c}`);
  const run = TALLY_TUNING.anchorRun;
  for (const sort of SORTS) {
    const { key, time } = ANCHOR_KEYS[sort];
    // Every run-size-th member (0-based, in the ordering) starts a run; the first run starts
    // at the first anchor, before every row.
    await db.execute(sql`
      with r as (
        select ${sql.raw(key)} as k, m.id, ${sql.raw(TALLIED)}, row_number() over (order by ${sql.raw(key)}, m.id) - 1 as i
        from members m where m.customer_id = ${c}
      ),
      runs as (select i / ${run} as b, count(*)::int as n, ${sql.raw(tallyCounts())} as tallies from r group by 1),
      starts as (select i / ${run} as b, k, id from r where i % ${run} = 0)
      insert into member_anchors (customer_id, sort, key_text, key_time, member_id, n, tallies)
      select ${c}, ${sort}, ${sql.raw(time ? "''" : "case when s.b = 0 then '' else s.k end")},
        ${sql.raw(time ? "case when s.b = 0 then '-infinity'::timestamptz else s.k end" : "'-infinity'::timestamptz")},
        case when s.b = 0 then ${NO_GROUP}::uuid else s.id end, runs.n, runs.tallies
      from runs join starts s using (b)`);
  }
}

/** After a configuration group is deleted its members have none: their class counts move to no group. */
export async function ungroupTallies(db: Db, customerId: string, groupId: string): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from member_counts where customer_id = ${customerId}::uuid and group_id = ${groupId}::uuid returning *
    )
    insert into member_counts as t (customer_id, group_id, enrolled, blocked, credential_kinds, windows_login, n)
    select customer_id, ${NO_GROUP}::uuid, enrolled, blocked, credential_kinds, windows_login, n from gone
    on conflict (customer_id, group_id, enrolled, blocked, credential_kinds, windows_login)
      do update set n = t.n + excluded.n`);
}
