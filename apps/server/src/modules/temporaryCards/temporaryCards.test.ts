import { describe, expect, it } from 'vitest';
import { acmeAndGlobex } from '../../test/acme-and-globex.ts';
import { testDatabases } from '../../test/databases.ts';
import { call, post, signIn } from '../../test/harness.ts';

/** Temporary cards: created, paired, expired, unpaired. */
describe.each(testDatabases())('temporary cards on $name', (database) => {
  const s = acmeAndGlobex(database);

  it('creates cards with the customer code length and pairs, lists and unpairs them', async () => {
    await call(s.h.app, 'PATCH', `customers/${s.customerId}/settings/`, s.acme, { cms: { card_code_length: 10 } });
    const created = await post(s.h.app, 'temporary-cards/', { count: 3 }, s.acme);
    expect(created.status).toBe(201);
    expect(created.body).toHaveLength(3);
    for (const card of created.body)
      expect(card).toMatchObject({ status: 'not_paired', member: null, cardCode: expect.stringMatching(/^\d{10}$/) });
    expect((await post(s.h.app, 'temporary-cards/', { count: 1, cardCode: '12345' }, s.acme)).body.reason).toBe(
      'The card code must have 10 digits.',
    );
    expect((await post(s.h.app, 'temporary-cards/', { count: 1, cardCode: '1234567890' }, s.acme)).status).toBe(201);
    expect((await post(s.h.app, 'temporary-cards/', { count: 1, cardCode: '1234567890' }, s.acme)).body.reason).toBe(
      'A card with this code already exists.',
    );

    const m = await s.member();
    const [card, other] = created.body;
    const tomorrow = new Date(s.h.clock.now().getTime() + 86_400_000).toISOString();
    const past = new Date(s.h.clock.now().getTime() - 1000).toISOString();
    expect(
      (await post(s.h.app, `users/${m.id}/temporary-card/`, { card_id: card.id, expiration_date: past }, s.acme)).body
        .reason,
    ).toBe('The expiration date must be in the future.');
    const paired = await post(
      s.h.app,
      `users/${m.id}/temporary-card/`,
      { card_id: card.id, expiration_date: tomorrow },
      s.acme,
    );
    expect(paired.body).toMatchObject({
      status: 'paired',
      member: { id: m.id, username: m.username },
      expiration_date: tomorrow,
    });
    expect(
      (await post(s.h.app, `users/${m.id}/temporary-card/`, { card_id: other.id, expiration_date: tomorrow }, s.acme))
        .body.reason,
    ).toBe('This user already has a paired temporary card.');
    const m2 = await s.member();
    expect(
      (await post(s.h.app, `users/${m2.id}/temporary-card/`, { card_id: card.id, expiration_date: tomorrow }, s.acme))
        .body.reason,
    ).toBe('This card is already paired.');
    const pairedNow = (await call(s.h.app, 'GET', 'temporary-cards/?status=paired&page_size=100', s.acme)).body.results;
    expect(pairedNow.map((c: { id: string }) => c.id)).toContain(card.id);
    expect((await call(s.h.app, 'GET', `users/${m.id}/temporary-card/`, s.acme)).body.cardCode).toBe(card.cardCode);
    expect((await call(s.h.app, 'DELETE', `temporary-cards/${card.id}/`, s.acme)).status).toBe(409);

    expect((await call(s.h.app, 'DELETE', `users/${m.id}/temporary-card/`, s.acme)).status).toBe(204);
    expect((await call(s.h.app, 'GET', `users/${m.id}/temporary-card/`, s.acme)).body).toBeNull();
    const free = (await call(s.h.app, 'GET', `temporary-cards/?status=not_paired&search=${card.cardCode}`, s.acme))
      .body;
    expect(free.results.map((c: { id: string }) => c.id)).toEqual([card.id]);
  });

  it('no longer counts an expired card as paired and lets it be paired again', async () => {
    const [card] = (await post(s.h.app, 'temporary-cards/', { count: 1 }, s.acme)).body;
    const m = await s.member();
    const inAnHour = new Date(s.h.clock.now().getTime() + 3_600_000).toISOString();
    await post(s.h.app, `users/${m.id}/temporary-card/`, { card_id: card.id, expiration_date: inAnHour }, s.acme);
    s.h.clock.advance(3601);
    // An hour later the access tokens have expired too: sign in again.
    s.acme = (await signIn(s.h, 'admin@acme.example')).access;
    s.globex = (await signIn(s.h, 'admin@globex.example')).access;
    const expired = await call(s.h.app, 'GET', 'temporary-cards/?status=expired', s.acme);
    expect(expired.body.results.map((c: { id: string }) => c.id)).toEqual([card.id]);
    expect((await call(s.h.app, 'GET', 'temporary-cards/?status=paired', s.acme)).body.count).toBe(0);
    const pairable = await call(s.h.app, 'GET', 'temporary-cards/?status=not_paired,expired&page_size=100', s.acme);
    expect(pairable.body.results.map((c: { id: string }) => c.id)).toContain(card.id);
    expect((await call(s.h.app, 'GET', 'temporary-cards/?status=paired,bogus', s.acme)).status).toBe(400);
    expect((await call(s.h.app, 'GET', `users/${m.id}/temporary-card/`, s.acme)).body).toBeNull();
    const m2 = await s.member();
    const later = new Date(s.h.clock.now().getTime() + 86_400_000).toISOString();
    const again = await post(
      s.h.app,
      `users/${m2.id}/temporary-card/`,
      { card_id: card.id, expiration_date: later },
      s.acme,
    );
    expect(again.body).toMatchObject({ status: 'paired', member: { id: m2.id } });
  });

  it("answers 404 for another customer's cards", async () => {
    const [card] = (await post(s.h.app, 'temporary-cards/', { count: 1 }, s.acme)).body;
    const gm = await s.member({}, s.globex);
    const later = new Date(s.h.clock.now().getTime() + 86_400_000).toISOString();
    expect(
      (await post(s.h.app, `users/${gm.id}/temporary-card/`, { card_id: card.id, expiration_date: later }, s.globex))
        .status,
    ).toBe(404);
    expect((await call(s.h.app, 'DELETE', `temporary-cards/${card.id}/`, s.globex)).status).toBe(404);
    expect((await call(s.h.app, 'GET', 'temporary-cards/', s.globex)).body.count).toBe(0);
  });
});
