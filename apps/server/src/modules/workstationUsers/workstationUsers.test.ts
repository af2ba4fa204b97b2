import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { call, createMember, type Harness, post, signIn, startHarness } from '../../test/harness.ts';

/** Temporary cards, recovery codes and modes, workstation users and autologon. */
describe.each(testDatabases())('workstation objects on $name', (database) => {
  let h: Harness;
  let acme: string;
  let globex: string;
  let customerId: string;
  const member = (fields: Record<string, unknown> = {}, token = acme) => createMember(h, token, fields);

  beforeAll(async () => {
    h = await startHarness(database);
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    customerId = (await call(h.app, 'GET', 'me/', acme)).body.customer.id;
  });
  afterAll(() => h.close());

  it('creates cards with the customer code length and pairs, lists and unpairs them', async () => {
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, { cms: { card_code_length: 10 } });
    const created = await post(h.app, 'temporary-cards/', { count: 3 }, acme);
    expect(created.status).toBe(201);
    expect(created.body).toHaveLength(3);
    for (const card of created.body)
      expect(card).toMatchObject({ status: 'not_paired', member: null, cardCode: expect.stringMatching(/^\d{10}$/) });
    expect((await post(h.app, 'temporary-cards/', { count: 1, cardCode: '12345' }, acme)).body.reason).toBe(
      'The card code must have 10 digits.',
    );
    expect((await post(h.app, 'temporary-cards/', { count: 1, cardCode: '1234567890' }, acme)).status).toBe(201);
    expect((await post(h.app, 'temporary-cards/', { count: 1, cardCode: '1234567890' }, acme)).body.reason).toBe(
      'A card with this code already exists.',
    );

    const m = await member();
    const [card, other] = created.body;
    const tomorrow = new Date(h.clock.now().getTime() + 86_400_000).toISOString();
    const past = new Date(h.clock.now().getTime() - 1000).toISOString();
    expect(
      (await post(h.app, `users/${m.id}/temporary-card/`, { card_id: card.id, expiration_date: past }, acme)).body
        .reason,
    ).toBe('The expiration date must be in the future.');
    const paired = await post(
      h.app,
      `users/${m.id}/temporary-card/`,
      { card_id: card.id, expiration_date: tomorrow },
      acme,
    );
    expect(paired.body).toMatchObject({
      status: 'paired',
      member: { id: m.id, username: m.username },
      expiration_date: tomorrow,
    });
    expect(
      (await post(h.app, `users/${m.id}/temporary-card/`, { card_id: other.id, expiration_date: tomorrow }, acme)).body
        .reason,
    ).toBe('This user already has a paired temporary card.');
    const m2 = await member();
    expect(
      (await post(h.app, `users/${m2.id}/temporary-card/`, { card_id: card.id, expiration_date: tomorrow }, acme)).body
        .reason,
    ).toBe('This card is already paired.');
    const pairedNow = (await call(h.app, 'GET', 'temporary-cards/?status=paired&page_size=100', acme)).body.results;
    expect(pairedNow.map((c: { id: string }) => c.id)).toContain(card.id);
    expect((await call(h.app, 'GET', `users/${m.id}/temporary-card/`, acme)).body.cardCode).toBe(card.cardCode);
    expect((await call(h.app, 'DELETE', `temporary-cards/${card.id}/`, acme)).status).toBe(409);

    expect((await call(h.app, 'DELETE', `users/${m.id}/temporary-card/`, acme)).status).toBe(204);
    expect((await call(h.app, 'GET', `users/${m.id}/temporary-card/`, acme)).body).toBeNull();
    const free = (await call(h.app, 'GET', `temporary-cards/?status=not_paired&search=${card.cardCode}`, acme)).body;
    expect(free.results.map((c: { id: string }) => c.id)).toEqual([card.id]);
  });

  it('no longer counts an expired card as paired and lets it be paired again', async () => {
    const [card] = (await post(h.app, 'temporary-cards/', { count: 1 }, acme)).body;
    const m = await member();
    const inAnHour = new Date(h.clock.now().getTime() + 3_600_000).toISOString();
    await post(h.app, `users/${m.id}/temporary-card/`, { card_id: card.id, expiration_date: inAnHour }, acme);
    h.clock.advance(3601);
    // An hour later the access tokens have expired too: sign in again.
    acme = (await signIn(h, 'admin@acme.example')).access;
    globex = (await signIn(h, 'admin@globex.example')).access;
    const expired = await call(h.app, 'GET', 'temporary-cards/?status=expired', acme);
    expect(expired.body.results.map((c: { id: string }) => c.id)).toEqual([card.id]);
    expect((await call(h.app, 'GET', 'temporary-cards/?status=paired', acme)).body.count).toBe(0);
    const pairable = await call(h.app, 'GET', 'temporary-cards/?status=not_paired,expired&page_size=100', acme);
    expect(pairable.body.results.map((c: { id: string }) => c.id)).toContain(card.id);
    expect((await call(h.app, 'GET', 'temporary-cards/?status=paired,bogus', acme)).status).toBe(400);
    expect((await call(h.app, 'GET', `users/${m.id}/temporary-card/`, acme)).body).toBeNull();
    const m2 = await member();
    const later = new Date(h.clock.now().getTime() + 86_400_000).toISOString();
    const again = await post(
      h.app,
      `users/${m2.id}/temporary-card/`,
      { card_id: card.id, expiration_date: later },
      acme,
    );
    expect(again.body).toMatchObject({ status: 'paired', member: { id: m2.id } });
  });

  it('creates recovery codes shown once, stored hashed and usable once', async () => {
    const m = await member();
    const res = await post(h.app, `users/${m.id}/recovery-codes/`, {}, acme);
    expect(res.status).toBe(201);
    expect(res.body.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const { recoveryCodes } = await import('../../db/schema/index.ts');
    const rows = await h.app.services.db.select().from(recoveryCodes);
    expect(JSON.stringify(rows)).not.toContain(res.body.code.replaceAll('-', ''));
    const verify = (code: string) => post(h.app, `users/${m.id}/recovery-codes/verify/`, { code }, acme);
    expect((await verify('AAAA-BBBB-CCCC')).body.ok).toBe(false);
    expect((await verify(res.body.code.toLowerCase())).body.ok).toBe(true);
    expect((await verify(res.body.code)).body.ok).toBe(false);
  });

  it('activates recovery mode, mails the code, disables the other credentials and restores them', async () => {
    // The built-in mail template (another test sets the customer's own).
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, {
      cms: { recovery_disable_tokens: true },
      general: { recovery_mode: { subject: '', content: '' } },
    });
    const m = await member({ email: 'recovering@acme.example' });
    const pw = (await post(h.app, `users/${m.id}/credentials/`, { type: 'password', value: 'Recover-me-123' }, acme))
      .body.credential;
    const off = (await post(h.app, `users/${m.id}/credentials/`, { type: 'mail' }, acme)).body.credential;
    await call(h.app, 'PATCH', `users/${m.id}/credentials/${off.id}/`, acme, { isActive: false });
    const since = h.sink.mails.length;
    const res = await post(h.app, `users/${m.id}/recovery-mode/`, {}, acme);
    expect(res.status).toBe(201);
    expect(res.body.recovery_mode).toMatchObject({ activated_by: 'admin@acme.example', disabled_credentials: 1 });
    const mail = await h.sink.waitFor('recovering@acme.example', since);
    expect(mail.subject).toBe('Your recovery code');
    expect(mail.text).toContain(res.body.code);
    const creds = (await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body;
    expect(creds.map((c: { isActive: boolean }) => c.isActive)).toEqual([false, false]);
    expect((await post(h.app, `users/${m.id}/recovery-mode/`, {}, acme)).body.reason).toBe(
      'Recovery mode is already active for this user.',
    );
    const listed = await call(h.app, 'GET', 'recovery-mode/', acme);
    expect(listed.body.results.map((r: { member: { id: string } }) => r.member.id)).toContain(m.id);

    expect((await call(h.app, 'DELETE', `users/${m.id}/recovery-mode/`, acme)).status).toBe(204);
    const after = (await call(h.app, 'GET', `users/${m.id}/credentials/`, acme)).body;
    // Only what recovery mode disabled comes back; the credential disabled by hand stays off.
    expect(after.find((c: { id: string }) => c.id === pw.id).isActive).toBe(true);
    expect(after.find((c: { id: string }) => c.id === off.id).isActive).toBe(false);
    expect((await call(h.app, 'GET', `users/${m.id}/recovery-mode/`, acme)).body).toBeNull();
    expect((await call(h.app, 'DELETE', `users/${m.id}/recovery-mode/`, acme)).status).toBe(409);
  });

  it('uses the customer recovery_mode template when set', async () => {
    await call(h.app, 'PATCH', `customers/${customerId}/settings/`, acme, {
      cms: { recovery_disable_tokens: false },
      general: { recovery_mode: { subject: 'Acme recovery for {first_name}', content: 'Code {recovery_code}' } },
    });
    const m = await member({ email: 'tpl@acme.example', first_name: 'Rita' });
    const since = h.sink.mails.length;
    const res = await post(h.app, `users/${m.id}/recovery-mode/`, {}, acme);
    expect(res.body.recovery_mode.disabled_credentials).toBe(0);
    const mail = await h.sink.waitFor('tpl@acme.example', since);
    expect(mail.subject).toBe('Acme recovery for Rita');
    expect(mail.text.trim()).toBe(`Code ${res.body.code}`);
  });

  it('lists workstation users and refuses autologon without identities', async () => {
    const withId = await member({ identities: [{ subject: 'CN=Win User', issuer: 'CN=CA' }] });
    const without = await member();
    const web = await member();
    await post(
      h.app,
      `users/${withId.id}/credentials/`,
      { type: 'password', value: 'Windows-pass-1', windows_login: true },
      acme,
    );
    await post(h.app, `users/${without.id}/credentials/`, { type: 'pin', value: '1234', windows_login: true }, acme);
    await post(h.app, `users/${web.id}/credentials/`, { type: 'password', value: 'Web-only-pass-1' }, acme);
    const list = (await call(h.app, 'GET', 'workstation-users/?page_size=100', acme)).body;
    const ids = list.results.map((u: { id: string }) => u.id);
    expect(ids).toContain(withId.id);
    expect(ids).toContain(without.id);
    expect(ids).not.toContain(web.id);
    expect(list.results.find((u: { id: string }) => u.id === without.id)).toMatchObject({
      has_identities: false,
      windows_credentials: ['pin'],
      workstation_enabled: true,
      autologon: false,
    });
    const refused = await post(h.app, `users/${without.id}/autologon/`, { enabled: true }, acme);
    expect(refused.status).toBe(422);
    expect(refused.body.reason).toBe('A user with no identities cannot use autologon.');
    expect((await post(h.app, `users/${withId.id}/autologon/`, { enabled: true }, acme)).body).toEqual({
      autologon: true,
    });
  });

  it("answers 404 for another customer's cards, members and recovery", async () => {
    const [card] = (await post(h.app, 'temporary-cards/', { count: 1 }, acme)).body;
    const gm = await member({}, globex);
    const later = new Date(h.clock.now().getTime() + 86_400_000).toISOString();
    expect(
      (await post(h.app, `users/${gm.id}/temporary-card/`, { card_id: card.id, expiration_date: later }, globex))
        .status,
    ).toBe(404);
    expect((await call(h.app, 'DELETE', `temporary-cards/${card.id}/`, globex)).status).toBe(404);
    expect((await post(h.app, `users/${gm.id}/recovery-mode/`, {}, acme)).status).toBe(404);
    expect((await post(h.app, `users/${gm.id}/recovery-codes/`, {}, acme)).status).toBe(404);
    expect((await post(h.app, `users/${gm.id}/autologon/`, { enabled: false }, acme)).status).toBe(404);
    expect((await call(h.app, 'GET', 'temporary-cards/', globex)).body.count).toBe(0);
  });
});
