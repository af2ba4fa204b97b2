/**
 * The tallies of a customer (members/tallies.ts) and its members' search rows against real
 * counts and texts over its rows: every difference found, as readable lines, so a test can
 * expect none.
 */
import type { CredentialType } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { credentialKindMask, NO_GROUP } from '../db/schema/index.ts';
import { ANCHOR_KEYS, ANCHOR_TALLIES, type AnchorSort } from '../modules/members/tallies.ts';

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Sorted JSON lines of a set of rows, for comparing two sets. */
const lines = (xs: object[]) => xs.map((x) => JSON.stringify(x)).sort();

function diff(what: string, kept: object[], real: object[]): string[] {
  const k = lines(kept);
  const r = lines(real);
  const ks = new Set(k);
  const rs = new Set(r);
  return [
    ...k.filter((x) => !rs.has(x)).map((x) => `${what}: kept ${x}`),
    ...r.filter((x) => !ks.has(x)).map((x) => `${what}: real ${x}`),
  ];
}

export async function tallyMismatches(db: Db, customerId: string): Promise<string[]> {
  const c = sql`${customerId}::uuid`;
  const out: string[] = [];

  // The member row's own copies of its credentials' state.
  const members = await rows<{
    id: string;
    credential_types: CredentialType[] | string;
    credential_kinds: number;
    windows_login: boolean;
    real_types: CredentialType[] | string;
    real_windows: boolean;
  }>(
    db,
    sql`select m.id, m.credential_types, m.credential_kinds, m.windows_login,
      coalesce((select json_agg(distinct c.type) from credentials c where c.member_id = m.id), '[]') as real_types,
      exists (select 1 from credentials c where c.member_id = m.id and c.windows_login) as real_windows
    from members m where m.customer_id = ${c}`,
  );
  for (const m of members) {
    const parse = (v: CredentialType[] | string) => (typeof v === 'string' ? JSON.parse(v) : v) as CredentialType[];
    const real = parse(m.real_types).sort();
    if (JSON.stringify(parse(m.credential_types)) !== JSON.stringify(real))
      out.push(`member ${m.id}: credential_types ${JSON.stringify(m.credential_types)}, real ${real}`);
    if (m.credential_kinds !== credentialKindMask(real))
      out.push(`member ${m.id}: credential_kinds ${m.credential_kinds}, real ${credentialKindMask(real)}`);
    if (m.windows_login !== m.real_windows) out.push(`member ${m.id}: windows_login ${m.windows_login}`);
  }

  out.push(
    ...diff(
      'member_counts',
      await rows(
        db,
        sql`select group_id, enrolled, blocked, credential_kinds, windows_login, n from member_counts
          where customer_id = ${c} and n <> 0`,
      ),
      await rows(
        db,
        sql`select coalesce(group_id, ${NO_GROUP}::uuid) as group_id, enrolled, blocked, credential_kinds, windows_login,
          count(*)::int as n
        from members where customer_id = ${c} group by 1, 2, 3, 4, 5`,
      ),
    ),
  );
  out.push(
    ...diff(
      'credential_counts',
      await rows(
        db,
        sql`select type, total, web, workstation from credential_counts
          where customer_id = ${c} and (total, web, workstation) <> (0, 0, 0)`,
      ),
      await rows(
        db,
        sql`select type, count(*)::int as total, (count(*) filter (where is_web))::int as web,
          (count(*) filter (where windows_login))::int as workstation
        from credentials where customer_id = ${c} group by type`,
      ),
    ),
  );
  out.push(
    ...diff(
      'customer',
      await rows(
        db,
        sql`select members_count, recovery_modes_count, recovery_modes_active from customers where id = ${c}`,
      ),
      await rows(
        db,
        sql`select (select count(*)::int from members where customer_id = ${c}) as members_count,
          (select count(*)::int from recovery_modes where customer_id = ${c}) as recovery_modes_count,
          (select count(*)::int from recovery_modes where customer_id = ${c} and deactivated_at is null) as recovery_modes_active`,
      ),
    ),
  );

  // The search rows (kept by triggers): one per member, with its creation and enrolment times
  // (never enrolled: 'infinity'), current flags, last name and text (the username left out when
  // the e-mail holds it).
  out.push(
    ...diff(
      'member_search',
      await rows(
        db,
        sql`select member_id, created_at::text, enrolled_key::text, credential_kinds, enrolled, blocked, windows_login,
            last_name, search
          from member_search where customer_id = ${c}`,
      ),
      await rows(
        db,
        sql`select id as member_id, created_at::text, (case when enrolled_at is null then 'infinity'
            else enrolled_at::text end) as enrolled_key, credential_kinds, enrolled, blocked, windows_login, last_name,
          lower(case when position(username in email) > 0 then '' else username || ' ' end
            || first_name || ' ' || last_name || ' ' || email) as search
        from members where customer_id = ${c}`,
      ),
    ),
  );

  // Each anchor counts exactly the members from its key up to the next anchor's, and of them
  // those each of its tallies keeps.
  const realTallies = `array[${ANCHOR_TALLIES.map((t) => `count(*) filter (where ${t.sql})`).join(', ')}]::int[]::text`;
  for (const sort of Object.keys(ANCHOR_KEYS) as AnchorSort[]) {
    const { key, time } = ANCHOR_KEYS[sort];
    const col = time ? 'key_time' : 'key_text';
    const runs = await rows<{ key: string; n: number; tallies: string; real: { n: number; tallies: string } | string }>(
      db,
      sql`with a as (
        select key_text, key_time, member_id, n, tallies,
          lead(key_text) over w as next_text, lead(key_time) over w as next_time, lead(member_id) over w as next_id
        from member_anchors where customer_id = ${c} and sort = ${sort}
        window w as (order by key_text, key_time, member_id)
      )
      select a.${sql.raw(col)}::text || '/' || a.member_id as key, a.n, a.tallies::text as tallies,
        (select json_build_object('n', count(*)::int, 'tallies', ${sql.raw(realTallies)}) from members
          where customer_id = ${c} and (${sql.raw(key)}, id) >= (a.${sql.raw(col)}, a.member_id)
            and (a.next_id is null or (${sql.raw(key)}, id) < (a.next_${sql.raw(time ? 'time' : 'text')}, a.next_id))) as real
      from a`,
    );
    for (const r of runs) {
      const real = typeof r.real === 'string' ? (JSON.parse(r.real) as { n: number; tallies: string }) : r.real;
      if (r.n !== real.n) out.push(`anchor ${sort} ${r.key}: n ${r.n}, real ${real.n}`);
      if (r.tallies !== real.tallies) out.push(`anchor ${sort} ${r.key}: tallies ${r.tallies}, real ${real.tallies}`);
    }
    if (members.length && !runs.length) out.push(`anchors ${sort}: none for ${members.length} members`);
  }
  return out;
}
