import { describe, expect, it } from 'vitest';
import { acmeAndGlobex } from '../../test/acme-and-globex.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, post } from '../../test/harness.ts';

/** Role groups: their users, and other customers' roles out of reach. */
describe.each(testDatabases())('role groups on $name', (database) => {
  const s = acmeAndGlobex(database);

  it('role groups list their authorised and unauthorised users', async () => {
    const role = (await post(s.h.app, 'roles/', { name: 'Helpdesk', description: 'Can reset tokens' }, s.acme)).body;
    expect(role).toMatchObject({ name: 'Helpdesk', users_count: 0 });
    const a = await s.member({ username: 'role.alice' });
    const b = await s.member({ username: 'role.bob' });
    const gm = await s.member({}, s.globex);
    expect((await post(s.h.app, `roles/${role.id}/users/`, { ids: [a.id, gm.id] }, s.acme)).body).toEqual({
      done: 1,
      skipped: 1,
    });
    expect((await post(s.h.app, `roles/${role.id}/users/`, { ids: [a.id] }, s.acme)).body).toEqual({
      done: 0,
      skipped: 1,
    });
    const authorised = await call(s.h.app, 'GET', `roles/${role.id}/users/?search=role.`, s.acme);
    expect(authorised.body.results.map((x: { username: string }) => x.username)).toEqual(['role.alice']);
    const unauthorised = await call(s.h.app, 'GET', `roles/${role.id}/users/?authorised=false&search=role.`, s.acme);
    expect(unauthorised.body.results.map((x: { username: string }) => x.username)).toEqual(['role.bob']);
    expect((await call(s.h.app, 'GET', `roles/${role.id}/`, s.acme)).body.users_count).toBe(1);
    expect(
      (await call(s.h.app, 'PATCH', `roles/${role.id}/`, s.acme, { description: 'Tokens and cards' })).body.description,
    ).toBe('Tokens and cards');
    expect((await call(s.h.app, 'DELETE', `roles/${role.id}/users/${a.id}/`, s.acme)).status).toBe(204);
    expect((await call(s.h.app, 'GET', `roles/${role.id}/users/`, s.acme)).body.count).toBe(0);
    expect((await call(s.h.app, 'DELETE', `roles/${role.id}/users/${b.id}/`, s.acme)).status).toBe(404);
    expect((await call(s.h.app, 'DELETE', `roles/${role.id}/`, s.acme)).status).toBe(204);
  });

  it('keeps roles of other customers out of reach', async () => {
    const r = (await post(s.h.app, 'roles/', { name: 'Globex role' }, s.globex)).body;
    const m = await s.member();
    expect((await call(s.h.app, 'DELETE', `roles/${r.id}/`, s.acme)).status).toBe(404);
    expect((await post(s.h.app, `roles/${r.id}/users/`, { ids: [m.id] }, s.acme)).status).toBe(404);
  });
});
