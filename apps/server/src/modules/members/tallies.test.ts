import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../../test/harness.ts';
import { tallyMismatches } from '../../test/tallies.ts';
import { TALLY_TUNING } from './tallies.ts';

describe.each(testDatabases())('member tallies on $name', (database) => {
  let h: Harness;
  let token: string;
  let acmeId: string;
  const tuning = { ...TALLY_TUNING };
  const exact = async () => expect(await tallyMismatches(h.app.services.db, acmeId)).toEqual([]);

  beforeAll(async () => {
    // Runs of 3 members: anchors split and merge within a few dozen changes.
    Object.assign(TALLY_TUNING, { anchorRun: 3, nearTop: 2 });
    h = await startHarness(database);
    token = (await signIn(h, 'admin@acme.example')).access;
    const [acme] = await h.app.services.db.select().from(customers).where(eq(customers.name, 'Acme'));
    acmeId = acme?.id ?? '';
  });
  afterAll(async () => {
    Object.assign(TALLY_TUNING, tuning);
    await h.close();
  });

  it('every counter equals a real count after creates, edits, credentials, recovery, groups, bulk actions and deletes', async () => {
    const made: { id: string }[] = [];
    for (let i = 0; i < 14; i++) {
      made.push(
        await createMember(h, token, {
          username: `t${String(i).padStart(2, '0')}`,
          last_name: ['Rossi', 'Bianchi', 'Verdi'][i % 3],
          email: `t${i % 4}@acme.example`,
        }),
      );
    }
    await exact();
    const [a, b, c, d, e] = made.map((m) => m.id);

    // Renames move the member in three orderings; the group is a counted class.
    const group = await post(h.app, 'groups/', { name: 'Tally group', allowed: ['password', 'mail', 'pin'] }, token);
    expect(group.status).toBe(201);
    expect((await call(h.app, 'PATCH', `users/${a}/`, token, { username: 'zz-last', last_name: 'Aaron' })).status).toBe(
      200,
    );
    expect((await call(h.app, 'PATCH', `users/${b}/`, token, { group_id: group.body.id })).status).toBe(200);
    // Each searched column changed alone rewrites the member's search text.
    for (const [id, change] of [
      [b, { first_name: 'Zelda' }],
      [c, { last_name: 'Zorzi' }],
      [d, { email: 'moved@acme.example' }],
      [e, { username: 'renamed-e' }],
    ] as const) {
      expect((await call(h.app, 'PATCH', `users/${id}/`, token, change)).status).toBe(200);
    }
    await exact();

    // Credentials: kinds, Windows flag and enrolment on the member, counts per kind on the customer.
    const pin = await post(
      h.app,
      `users/${c}/credentials/`,
      { type: 'pin', value: '1234', windows_login: true },
      token,
    );
    expect(pin.status).toBe(201);
    await post(h.app, `users/${c}/credentials/`, { type: 'mail' }, token);
    await post(h.app, `users/${d}/credentials/`, { type: 'totp' }, token);
    await post(h.app, `users/${d}/credentials/`, { type: 'app' }, token);
    await exact();
    const pinId = pin.body.credential.id;
    expect((await call(h.app, 'PATCH', `users/${c}/credentials/${pinId}/`, token, { is_web: false })).status).toBe(200);
    expect(
      (await call(h.app, 'PATCH', `users/${c}/credentials/${pinId}/`, token, { windows_login: false })).status,
    ).toBe(200);
    await exact();
    expect((await call(h.app, 'DELETE', `users/${c}/credentials/${pinId}/`, token)).status).toBe(204);
    await exact();

    // Recovery mode on and off; blocking one and many.
    expect((await post(h.app, `users/${d}/recovery-mode/`, {}, token)).status).toBe(201);
    await exact();
    expect((await call(h.app, 'DELETE', `users/${d}/recovery-mode/`, token)).status).toBe(204);
    expect((await post(h.app, `users/${e}/block/`, {}, token)).status).toBe(200);
    await exact();
    const bulkBlock = await post(
      h.app,
      'users/bulk/',
      { action: 'block', ids: made.slice(5, 10).map((m) => m.id) },
      token,
    );
    expect(bulkBlock.body).toEqual({ done: 5, skipped: 0 });
    await post(h.app, 'users/bulk/', { action: 'unblock', ids: [made[6]?.id] }, token);
    await exact();

    // Group membership, and a deleted group's members falling back to none.
    await post(h.app, `groups/${group.body.id}/users/`, { ids: [c, d, e] }, token);
    await call(h.app, 'DELETE', `groups/${group.body.id}/users/${c}/`, token);
    await exact();
    const groupView = (await call(h.app, 'GET', `groups/${group.body.id}/`, token)).body;
    expect(groupView.members_count).toBe(3);
    expect((await call(h.app, 'DELETE', `groups/${group.body.id}/`, token)).status).toBe(204);
    await exact();

    // Deletes, one and many (with a recovery mode and credentials going with their member).
    await post(h.app, `users/${d}/recovery-mode/`, {}, token);
    expect((await call(h.app, 'DELETE', `users/${d}/`, token)).status).toBe(204);
    await exact();
    const bulkDelete = await post(
      h.app,
      'users/bulk/',
      { action: 'delete', ids: made.slice(7).map((m) => m.id) },
      token,
    );
    expect(bulkDelete.body.done).toBe(7);
    await exact();

    // The dashboard reads the counters: they say what the rows say (d's recovery modes went with it).
    expect((await post(h.app, `users/${c}/recovery-mode/`, {}, token)).status).toBe(201);
    const dashboard = (await call(h.app, 'GET', 'dashboard/', token)).body.customers[0];
    const list = (await call(h.app, 'GET', 'users/?page_size=1', token)).body;
    expect(dashboard.users.total).toBe(list.count);
    expect(dashboard.users.blocked).toBe((await call(h.app, 'GET', 'users/?blocked=true', token)).body.count);
    expect(dashboard.recovery_modes).toEqual({ active: 1, total: 1 });
  });
});
