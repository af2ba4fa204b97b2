/**
 * A smartcard's PIN reset end to end with the built client (issue 37): the operator issues a
 * card (its transport PIN mailed to the member), the member blocks it with wrong PINs, the
 * operator enables a PIN reset, the mailed code typed at the client's prompt unblocks the card
 * with a new PIN; the card (a software stand-in for the chip) checks that the server's answer was
 * keyed by its PUK. The code works once, and the CMS group rule holds at the workstation.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../server/src/test/databases.ts';
import { call, createMember, post } from '../../server/src/test/harness.ts';
import { CARD_PIN_TRIES, SoftCard } from '../src/softCard.ts';
import { Client } from './support/client.ts';
import { type Portiere, startPortiere, writeConfig } from './support/portiere.ts';

const CERT = fs.readFileSync(
  path.join(import.meta.dirname, '../../server/src/test/fixtures/smartcard-cert.pem'),
  'utf8',
);
/** The PUK the customer's CMS writes on its cards (cms.transport_puk.default), as personalisation knows it. */
const PUK = '31415926';
/** The first group of the account the client runs as: made the CMS group, so that the client's operator is in it. */
const MY_GROUP = execFileSync('id', ['-Gn'], { encoding: 'utf8' }).trim().split(/\s+/)[0] ?? '';

describe.each(testDatabases())('smartcard unblock with the workstation client on $name', (database) => {
  let p: Portiere;
  let n = 0;

  const cms = (body: Record<string, unknown>) =>
    call(p.h.app, 'PATCH', `customers/${p.customerId}/settings/`, p.acme, { cms: body });

  /** A member issued a card (its PIN from the mail), the card blocked by wrong PINs, and a PIN reset's mailed code. */
  async function blockedCard() {
    n += 1;
    const email = `card.holder${n}@acme.example`;
    const m = await createMember(p.h, p.acme, { email, username: email });
    let since = p.h.sink.mails.length;
    const issued = await post(p.h.app, `users/${m.id}/credentials/`, { type: 'smartcard', certificate: CERT }, p.acme);
    const pin = /is (\d+)/.exec((await p.h.sink.waitFor(email, since)).text)?.[1] ?? '';
    const file = path.join(p.dir, `card${n}.json`);
    const card = SoftCard.personalise(file, PUK, pin);
    for (let i = 0; i < CARD_PIN_TRIES; i += 1) card.verifyPin('0000');
    expect(card.blocked).toBe(true);
    since = p.h.sink.mails.length;
    const reset = await post(p.h.app, `users/${m.id}/credentials/${issued.body.credential.id}/pin-reset/`, {}, p.acme);
    expect(reset.status).toBe(200);
    const code = /\b(\d{8})\b/.exec((await p.h.sink.waitFor(email, since)).text)?.[1] ?? '';
    return { email, file, code };
  }

  /** The client's unblock, answered at its prompts. */
  async function unblock(config: string, email: string, file: string, code: string, pin = '482916') {
    const c = new Client(['unblock', email, '--card-file', file, '--config', config]);
    await c.answer(/Code from the PIN reset mail: /, code);
    await c.answer(/New PIN: /, pin);
    await c.answer(/New PIN again: /, pin);
    return c.exited;
  }

  beforeAll(async () => {
    p = await startPortiere(database, { stages: [['password']] });
    await cms({ transport_puk: { length: 8, default: PUK }, active_directory_group: MY_GROUP });
  });
  afterAll(async () => p?.close());

  it('unblocks a blocked card with the mailed code and a new PIN, once', async () => {
    const { email, file, code } = await blockedCard();
    const { file: config } = writeConfig(p);
    const done = await unblock(config, email, file, code);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual({ unblocked: true, username: email });
    const card = SoftCard.load(file);
    expect(card.blocked).toBe(false);
    expect(card.verifyPin('482916')).toBe(true);
    // The PUK reached the client nowhere but in the card's own file.
    expect(done.stdout + done.stderr).not.toContain(PUK);

    const again = await unblock(config, email, file, code, '777777');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This PIN reset code is not valid, was used or has expired.');
    expect(SoftCard.load(file).verifyPin('482916')).toBe(true);
  });

  it('follows the CMS group rule: an operator outside the group is refused, one in it unblocks', async () => {
    const { email, file, code } = await blockedCard();
    const { file: config } = writeConfig(p);
    await cms({ active_directory_group: 'CMS-Operators' });
    try {
      const refused = await unblock(config, email, file, code);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Only members of the CMS group CMS-Operators may do this at a workstation.');
      expect(SoftCard.load(file).blocked).toBe(true);
    } finally {
      await cms({ active_directory_group: MY_GROUP });
    }
    expect((await unblock(config, email, file, code)).code).toBe(0);
  });
});
