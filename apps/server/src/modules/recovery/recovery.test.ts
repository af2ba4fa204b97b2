import { describe, expect, it } from 'vitest';
import { acmeAndGlobex } from '../../test/acme-and-globex.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, post } from '../../test/harness.ts';

/** Recovery codes and recovery mode. */
describe.each(testDatabases())('recovery codes and modes on $name', (database) => {
  const s = acmeAndGlobex(database);

  it('creates recovery codes shown once, stored hashed and usable once', async () => {
    const m = await s.member();
    const res = await post(s.h.app, `users/${m.id}/recovery-codes/`, {}, s.acme);
    expect(res.status).toBe(201);
    expect(res.body.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const { recoveryCodes } = await import('../../db/schema/index.ts');
    const rows = await s.h.app.services.db.select().from(recoveryCodes);
    expect(JSON.stringify(rows)).not.toContain(res.body.code.replaceAll('-', ''));
    const verify = (code: string) => post(s.h.app, `users/${m.id}/recovery-codes/verify/`, { code }, s.acme);
    expect((await verify('AAAA-BBBB-CCCC')).body.ok).toBe(false);
    expect((await verify(res.body.code.toLowerCase())).body.ok).toBe(true);
    expect((await verify(res.body.code)).body.ok).toBe(false);
  });

  it('activates recovery mode, mails the code, disables the other credentials and restores them', async () => {
    // The built-in mail template (another test sets the customer's own).
    await call(s.h.app, 'PATCH', `customers/${s.customerId}/settings/`, s.acme, {
      cms: { recovery_disable_tokens: true },
      general: { recovery_mode: { subject: '', content: '' } },
    });
    const m = await s.member({ email: 'recovering@acme.example' });
    const pw = (
      await post(s.h.app, `users/${m.id}/credentials/`, { type: 'password', value: 'Recover-me-123' }, s.acme)
    ).body.credential;
    const off = (await post(s.h.app, `users/${m.id}/credentials/`, { type: 'mail' }, s.acme)).body.credential;
    await call(s.h.app, 'PATCH', `users/${m.id}/credentials/${off.id}/`, s.acme, { isActive: false });
    const since = s.h.sink.mails.length;
    const res = await post(s.h.app, `users/${m.id}/recovery-mode/`, {}, s.acme);
    expect(res.status).toBe(201);
    expect(res.body.recovery_mode).toMatchObject({ activated_by: 'admin@acme.example', disabled_credentials: 1 });
    const mail = await s.h.sink.waitFor('recovering@acme.example', since);
    expect(mail.subject).toBe('Your recovery code');
    expect(mail.text).toContain(res.body.code);
    const creds = (await call(s.h.app, 'GET', `users/${m.id}/credentials/`, s.acme)).body;
    expect(creds.map((c: { isActive: boolean }) => c.isActive)).toEqual([false, false]);
    expect((await post(s.h.app, `users/${m.id}/recovery-mode/`, {}, s.acme)).body.reason).toBe(
      'Recovery mode is already active for this user.',
    );
    const listed = await call(s.h.app, 'GET', 'recovery-mode/', s.acme);
    expect(listed.body.results.map((r: { member: { id: string } }) => r.member.id)).toContain(m.id);

    expect((await call(s.h.app, 'DELETE', `users/${m.id}/recovery-mode/`, s.acme)).status).toBe(204);
    const after = (await call(s.h.app, 'GET', `users/${m.id}/credentials/`, s.acme)).body;
    // Only what recovery mode disabled comes back; the credential disabled by hand stays off.
    expect(after.find((c: { id: string }) => c.id === pw.id).isActive).toBe(true);
    expect(after.find((c: { id: string }) => c.id === off.id).isActive).toBe(false);
    expect((await call(s.h.app, 'GET', `users/${m.id}/recovery-mode/`, s.acme)).body).toBeNull();
    expect((await call(s.h.app, 'DELETE', `users/${m.id}/recovery-mode/`, s.acme)).status).toBe(409);
  });

  it('uses the customer recovery_mode template when set', async () => {
    await call(s.h.app, 'PATCH', `customers/${s.customerId}/settings/`, s.acme, {
      cms: { recovery_disable_tokens: false },
      general: { recovery_mode: { subject: 'Acme recovery for {first_name}', content: 'Code {recovery_code}' } },
    });
    const m = await s.member({ email: 'tpl@acme.example', first_name: 'Rita' });
    const since = s.h.sink.mails.length;
    const res = await post(s.h.app, `users/${m.id}/recovery-mode/`, {}, s.acme);
    expect(res.body.recovery_mode.disabled_credentials).toBe(0);
    const mail = await s.h.sink.waitFor('tpl@acme.example', since);
    expect(mail.subject).toBe('Acme recovery for Rita');
    expect(mail.text.trim()).toBe(`Code ${res.body.code}`);
  });

  it("answers 404 for another customer's members' recovery", async () => {
    const gm = await s.member({}, s.globex);
    expect((await post(s.h.app, `users/${gm.id}/recovery-mode/`, {}, s.acme)).status).toBe(404);
    expect((await post(s.h.app, `users/${gm.id}/recovery-codes/`, {}, s.acme)).status).toBe(404);
  });
});
