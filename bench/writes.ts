/**
 * Writes through the app: member creations and updates per second (8 callers, 3 s each), beside
 * the raw limit of the same run: plain SQL inserts and updates of a member row on the same
 * database. The difference is what validation, authentication, tenancy and the audit trail cost.
 */
import { randomBytes } from 'node:crypto';
import { type Database, sql } from '@portiere/server';
import { onEachDatabase } from './databases.ts';
import { startDemoApp } from './demo-app.ts';
import { rate } from './measure.ts';

async function measure(given: Database) {
  const { app, database, close } = await startDemoApp(given);
  const user = await database.db.query.staffUsers.findFirst({
    where: (s, { eq }) => eq(s.username, 'admin@acme.example'),
  });
  if (!user) throw new Error('no admin');
  const { access } = await app.services.tokens.issue(user);
  const headers = { authorization: `Bearer ${access}` };
  const run = randomBytes(3).toString('hex');
  const created: string[] = [];
  const createPerSecond = await rate(async (i) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/',
      headers,
      payload: { username: `w${run}-${i}`, first_name: 'Bench', last_name: `Writer ${i}`, email: `w${i}@acme.example` },
    });
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    created.push(res.json().id);
  });
  const updatePerSecond = await rate(async (i) => {
    const id = created[i % created.length];
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${id}/`,
      headers,
      payload: { last_name: `Renamed ${i}` },
    });
    if (res.statusCode !== 200) throw new Error(`update: ${res.statusCode} ${res.body}`);
  });
  const customerId = user.customerId ?? '';
  const rawInsertPerSecond = await rate((i) =>
    database.db.execute(
      sql`insert into members (customer_id, username, first_name, last_name, email) values (${customerId}::uuid, ${`r${run}-${i}`}, 'Bench', 'Raw', 'raw@acme.example')`,
    ),
  );
  const rawUpdatePerSecond = await rate((i) =>
    database.db.execute(
      sql`update members set last_name = ${`Raw ${i}`} where id = ${created[i % created.length]}::uuid`,
    ),
  );
  await close();
  return { createPerSecond, updatePerSecond, rawInsertPerSecond, rawUpdatePerSecond };
}

export const writes = () => onEachDatabase(measure);

if (import.meta.url === `file://${process.argv[1]}`) console.log(await writes());
