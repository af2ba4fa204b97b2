import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../../test/harness.ts';

/** Configuration groups. */
describe.each(testDatabases())('configuration groups on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  const member = (fields: Record<string, unknown> = {}, token = acme) => createMember(h, token, fields);

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
  });
  afterAll(() => h.close());

  it('a configuration without SMS takes SMS out of its members’ credential choices', async () => {
    const created = await post(
      h.app,
      'groups/',
      {
        name: 'No SMS',
        description: 'Office',
        allowed: ['password', 'mail', 'totp', 'app'],
        app_credential_biometry: 'strong',
        workstation_login_enabled: false,
      },
      acme,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'No SMS',
      members_count: 0,
      app_credential_biometry: 'strong',
      web_login_enabled: true,
    });
    expect(created.body.allowed_credential_types).toEqual([
      'mail',
      'password',
      'app',
      'app_biometry',
      'totp',
      'keypair',
      'smartcard',
    ]);
    const m = await member();
    expect((await call(h.app, 'GET', `users/${m.id}/`, acme)).body.allowed_credential_types).toContain('sms');
    expect((await post(h.app, `groups/${created.body.id}/users/`, { ids: [m.id] }, acme)).body).toEqual({
      done: 1,
      skipped: 0,
    });
    const detail = (await call(h.app, 'GET', `users/${m.id}/`, acme)).body;
    expect(detail.group).toEqual({ id: created.body.id, name: 'No SMS' });
    expect(detail.allowed_credential_types).not.toContain('sms');
    expect((await post(h.app, `users/${m.id}/credentials/`, { type: 'sms' }, acme)).status).toBe(422);
    const groupMembers = await call(h.app, 'GET', `groups/${created.body.id}/users/`, acme);
    expect(groupMembers.body.results.map((x: { id: string }) => x.id)).toEqual([m.id]);
    expect((await call(h.app, 'GET', `groups/${created.body.id}/`, acme)).body.members_count).toBe(1);
    // Allowing SMS again gives it back.
    await call(h.app, 'PATCH', `groups/${created.body.id}/`, acme, {
      allowed: ['password', 'mail', 'totp', 'app', 'sms'],
    });
    expect((await post(h.app, `users/${m.id}/credentials/`, { type: 'sms' }, acme)).status).toBe(201);
    expect((await call(h.app, 'DELETE', `groups/${created.body.id}/users/${m.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `users/${m.id}/`, acme)).body.group).toBeNull();
  });

  it('refuses duplicate names and invalid input, and deletes a group keeping its members', async () => {
    const g = (await post(h.app, 'groups/', { name: 'Field staff' }, acme)).body;
    const dup = await post(h.app, 'groups/', { name: 'Field staff' }, acme);
    expect(dup.status).toBe(409);
    expect(dup.body.details.name.message).toBe('This name is already used.');
    expect((await post(h.app, 'groups/', { name: '' }, acme)).body.details.name.message).toBe(
      'This field is required.',
    );
    expect((await post(h.app, 'groups/', { name: 'X', allowed: ['telepathy'] }, acme)).status).toBe(400);
    expect((await post(h.app, 'groups/', { name: 'Field staff' }, globex)).status).toBe(201);
    const m = await member({ group_id: g.id });
    expect((await call(h.app, 'DELETE', `groups/${g.id}/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `users/${m.id}/`, acme)).body.group).toBeNull();
  });

  it('keeps groups of other customers out of reach', async () => {
    const g = (await post(h.app, 'groups/', { name: 'Globex only' }, globex)).body;
    const m = await member();
    expect((await call(h.app, 'GET', `groups/${g.id}/`, acme)).status).toBe(404);
    expect((await call(h.app, 'PATCH', `groups/${g.id}/`, acme, { name: 'mine' })).status).toBe(404);
    expect((await post(h.app, `groups/${g.id}/users/`, { ids: [m.id] }, acme)).status).toBe(404);
    // A foreign member id is skipped, not assigned.
    const own = (await post(h.app, 'groups/', { name: 'Mine' }, acme)).body;
    const gm = await member({}, globex);
    expect((await post(h.app, `groups/${own.id}/users/`, { ids: [gm.id] }, acme)).body).toEqual({
      done: 0,
      skipped: 1,
    });
    expect((await call(h.app, 'GET', 'groups/', acme)).body.results.map((x: { name: string }) => x.name)).not.toContain(
      'Globex only',
    );
  });
});
