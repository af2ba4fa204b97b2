import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paceQueries } from './paced.ts';

/** The names of `queries` as they finish, with 'turn' where a callback of the next loop turn ran. */
async function finishOrder(client: PGlite, queries: number): Promise<string[]> {
  const order: string[] = [];
  const first = client.query('select 1').then(() => {
    order.push('q0');
    // Queued once the first query is done: runs on the loop's next turn.
    setImmediate(() => order.push('turn'));
  });
  const rest = Array.from({ length: queries - 1 }, (_, i) =>
    client.query('select 1').then(() => order.push(`q${i + 1}`)),
  );
  await Promise.all([first, ...rest]);
  await new Promise((resolve) => setImmediate(resolve));
  return order;
}

describe('paceQueries', () => {
  let plain: PGlite;
  let paced: PGlite;
  beforeAll(async () => {
    [plain, paced] = await Promise.all([PGlite.create(), PGlite.create().then(paceQueries)]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), paced?.close()]);
  });

  it('lets the event loop turn between queued queries, where PGlite alone runs them all in one turn', async () => {
    // Without pacing the waiting queries run back to back: nothing else (a new connection
    // accepted, a request read) happens until the last is done.
    expect((await finishOrder(plain, 6)).at(-1)).toBe('turn');
    const order = await finishOrder(paced, 6);
    expect(order.indexOf('turn')).toBeGreaterThan(-1);
    expect(order.indexOf('turn')).toBeLessThan(order.indexOf('q5'));
  });

  it('answers queries, execs and transactions as before', async () => {
    expect((await paced.query<{ n: number }>('select 41 + 1 as n')).rows).toEqual([{ n: 42 }]);
    await paced.exec('create table t (n int)');
    await paced.transaction(async (tx) => {
      await tx.query('insert into t values (1), (2)');
    });
    await expect(
      paced.transaction(async (tx) => {
        await tx.query('insert into t values (3)');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await paced.query<{ n: number }>('select sum(n)::int as n from t')).rows).toEqual([{ n: 3 }]);
  });
});
