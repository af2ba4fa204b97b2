/**
 * Migration 0017 counts the members already stored: on a database at 0016 holding members,
 * credentials and recovery modes of two customers, the upgrade leaves every tally exact
 * (several anchor runs of 2,000 for the larger customer).
 */
import { count, eq, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { describe, expect, it } from 'vitest';
import { journal, migrationsUpTo } from '../../backup/catalog.ts';
import { memberAnchors } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { tallyMismatches } from '../../test/tallies.ts';

describe.each(testDatabases())('tallies migration on $name', (kind) => {
  it('counts the members, credentials and recovery modes stored before it', async () => {
    const database = await kind.open({ empty: true });
    try {
      const before = journal().entries.find((e) => e.tag === '0016_list_filters');
      if (!before) throw new Error('no migration 0016');
      const upTo = migrationsUpTo(before.when);
      const migrator = database.kind === 'pglite' ? migratePglite : migratePostgres;
      await migrator(database.db as never, { migrationsFolder: upTo.folder });
      upTo.remove();
      const db = database.db;
      await db.execute(sql`insert into resellers (id, name) values ('00000000-0000-0000-0000-0000000000aa', 'R')`);
      await db.execute(sql`insert into customers (id, reseller_id, name) values
        ('00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-0000000000aa', 'Big'),
        ('00000000-0000-0000-0000-0000000000c2', '00000000-0000-0000-0000-0000000000aa', 'Small')`);
      await db.execute(sql`insert into configurations (id, customer_id, name, allowed) values
        ('00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-0000000000c1', 'G', '[]')`);
      await db.execute(sql`
        insert into members (customer_id, username, last_name, email, group_id, blocked, enrolled, enrolled_at, credential_types, created_at)
        select c, 'u' || i, 'L' || (i % 37), 'e' || (i % 11) || '@x.example',
          case when c = '00000000-0000-0000-0000-0000000000c1'::uuid and i % 3 = 0 then '00000000-0000-0000-0000-0000000000b1'::uuid end,
          i % 7 = 0, i % 4 <> 0, case when i % 4 <> 0 then timestamptz '2026-01-01' + (i % 50) * interval '1 hour' end,
          case i % 4 when 0 then '[]'::jsonb when 1 then '["mail"]'::jsonb when 2 then '["pin","totp"]'::jsonb else '["password"]'::jsonb end,
          timestamptz '2025-01-01' + (i % 900) * interval '1 minute'
        from generate_series(1, 4500) as i,
          unnest(array['00000000-0000-0000-0000-0000000000c1'::uuid, '00000000-0000-0000-0000-0000000000c2'::uuid]) as c
        where c = '00000000-0000-0000-0000-0000000000c1'::uuid or i <= 30`);
      await db.execute(sql`
        insert into credentials (customer_id, member_id, type, is_web, windows_login, is_enrolled)
        select m.customer_id, m.id, t.type, t.type <> 'pin', t.type in ('pin', 'password') and m.username like '%5', true
        from members m, jsonb_array_elements_text(m.credential_types) as t(type)`);
      await db.execute(sql`
        insert into recovery_modes (customer_id, member_id, activated_by, deactivated_at)
        select customer_id, id, 'admin', case when username like '%2' then now() end
        from members where username like '%1' or username like '%2'`);

      await database.migrate();
      for (const c of ['00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-0000000000c2'])
        expect(await tallyMismatches(db, c)).toEqual([]);
      // 4,500 members of one customer: runs start at 0, 2,000 and 4,000 in each ordering.
      const anchors = await db
        .select({ sort: memberAnchors.sort, n: count() })
        .from(memberAnchors)
        .where(eq(memberAnchors.customerId, '00000000-0000-0000-0000-0000000000c1'))
        .groupBy(memberAnchors.sort);
      expect(anchors.map((a) => a.n)).toEqual([3, 3, 3, 3, 3]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
