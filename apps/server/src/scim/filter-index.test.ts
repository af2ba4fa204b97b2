/**
 * The lookups a directory makes before each change, userName eq and externalId eq, are answered
 * from the members' unique indexes: the filter's SQL leaves the indexed expression bare. (Wrapped,
 * as in coalesce(lower(username) = 'x', false), PostgreSQL scanned a million rows.) Sequential
 * scans are turned off so that the plan shows whether an index can answer at all.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { testDatabases } from '../test/databases.ts';
import { queryRows } from '../test/table-checksums.ts';
import { filterSql } from './filter.ts';
import { USER_FILTER } from './users.ts';

const CUSTOMER = '00000000-0000-4000-8000-000000000001';

describe.each(testDatabases())('SCIM filters on indexes on $name', (database) => {
  let db: Database;
  beforeAll(async () => {
    db = await database.open();
    await db.migrate();
  });
  afterAll(() => db?.close());

  const plan = (filter: string) =>
    db.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const where: SQL | undefined = and(eq(members.customerId, CUSTOMER), filterSql(USER_FILTER, filter));
      const rows = await queryRows<Record<string, string>>(
        tx as never,
        sql`explain (costs off) select ${members.id} from ${members} where ${where}`,
      );
      return rows.map((r) => Object.values(r).join(' ')).join('\n');
    });

  it('answers userName eq from members_customer_username_idx, in any case', async () => {
    expect(await plan('userName eq "Bjensen@Example.com"')).toMatch(/members_customer_username_idx/);
  });

  it('answers externalId eq from members_customer_external_id_idx', async () => {
    expect(await plan('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"')).toMatch(
      /members_customer_external_id_idx/,
    );
  });
});
