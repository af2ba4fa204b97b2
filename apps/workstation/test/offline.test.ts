/**
 * Offline sign-in with the built client: the material an online sign-in left, refilled through
 * the server, then checked with the server away (a port where nothing listens); each code once,
 * within the HOTP look-ahead or the TOTP steps around now; an operator's revocation reaching the
 * machine at the next refill; expired material deleted; and what someone holding the file can
 * learn from it: no secret, and each guess one full argon2id hash.
 */

import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { verify } from '@node-rs/argon2';
import { HOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../server/src/test/databases.ts';
import { call } from '../../server/src/test/harness.ts';
import { Client, run } from './support/client.ts';
import {
  credential,
  deadServer,
  member,
  offlineFile,
  PASSWORD,
  type Portiere,
  startPortiere,
  writeConfig,
} from './support/portiere.ts';

const OFFLINE_PROMPT = /Token code \(offline\): /;

describe.each(testDatabases())('workstation client offline on $name', (database) => {
  let p: Portiere;
  let dead: string;

  beforeAll(async () => {
    p = await startPortiere(database, { stages: [['password'], ['totp', 'hotp']] }, { offline_totp_hours: 1 });
    dead = await deadServer();
  });
  afterAll(async () => p?.close());

  /** A member with a Windows HOTP, signed in online once (counter 0): the client keeps counters 1 to 20. */
  async function signedInWithHotp() {
    const m = await member(p);
    const hotp = await credential(p, m, { type: 'hotp' });
    const token = new HOTP({ secret: Secret.fromBase32(hotp.enrollment.secret), digits: 6 });
    const online = writeConfig(p, { kinds: ['password', 'hotp'] });
    const c = new Client(['signin', m.username, '--config', online.file]);
    await c.answer(/Password: /, PASSWORD);
    await c.answer(/Token code: /, token.generate({ counter: 0 }));
    const r = await c.exited;
    expect(r.code, r.stderr).toBe(0);
    // The same state folder, the server away.
    const offline = writeConfig(p, { state_dir: online.stateDir, server: dead, timeout_s: 5 });
    return { m, token, secret: hotp.enrollment.secret as string, online, offline };
  }

  /** An offline sign-in typing `codes` one by one while the client asks: its exit. */
  async function offlineSignIn(config: string, username: string, codes: string[], prompt = OFFLINE_PROMPT) {
    const c = new Client(['signin', username, '--config', config]);
    await c.waitFor(/The server cannot be reached/);
    for (const [i, code] of codes.entries()) {
      await c.answer(prompt, code);
      if (i < codes.length - 1) await c.waitFor(/that was not right/);
    }
    return c.giveUp();
  }

  it('signs in offline with a refilled HOTP code while the server is down, and each code once', async () => {
    const { m, token, online, offline } = await signedInWithHotp();
    const before = offlineFile(online.stateDir, m.username)?.json;

    const refilled = await run(['refill', '--config', online.file]);
    expect(refilled.code, refilled.stderr).toBe(0);
    expect(JSON.parse(refilled.stdout)).toMatchObject({ name: m.username, result: 'refilled' });
    const after = offlineFile(online.stateDir, m.username)?.json;
    expect(after.material.refill_token).not.toBe(before.material.refill_token);
    expect(after.material.values[0].at).toBe(1);

    // Counter 1 opens the machine offline with the session the online sign-in gave.
    const first = await offlineSignIn(offline.file, m.username, [token.generate({ counter: 1 })]);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      member_id: m.id,
      username: m.username,
      offline: true,
      amr: ['otp'],
    });

    // Used once, it is refused; counter 13 lies past the look-ahead (2 to 11); counter 5 opens, skipping 2 to 4.
    const again = await offlineSignIn(offline.file, m.username, [
      token.generate({ counter: 1 }),
      token.generate({ counter: 13 }),
      token.generate({ counter: 5 }),
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr.match(/that was not right/g)).toHaveLength(2);
    const spent = offlineFile(online.stateDir, m.username)?.json;
    expect(spent.used).toBe(5);
    expect(spent.material.values[0].at).toBe(6);
    // Counter 3, skipped, is spent with it.
    const skipped = await offlineSignIn(offline.file, m.username, [token.generate({ counter: 3 })]);
    expect(skipped.code).toBe(1);

    // Back online, the refill tells the server counter 5 was used: its values start past it.
    const next = await run(['refill', '--config', online.file]);
    expect(next.code, next.stderr).toBe(0);
    expect(offlineFile(online.stateDir, m.username)?.json.material.values[0].at).toBe(6);
  });

  it('tells the server of the codes used offline before the next online sign-in, so none of them works online', async () => {
    const { m, token, online, offline } = await signedInWithHotp();
    const used = await offlineSignIn(offline.file, m.username, [token.generate({ counter: 3 })]);
    expect(used.code, used.stderr).toBe(0);

    // Back online: counter 1, never typed anywhere, went with 3 (the server's counter moved past it).
    const c = new Client(['signin', m.username, '--config', online.file]);
    await c.answer(/Password: /, PASSWORD);
    await c.answer(/Token code: /, token.generate({ counter: 1 }));
    await c.waitFor(/Token code: that was not right\./);
    await c.answer(/Choose \[1\]: /, 'hotp');
    await c.answer(/Token code: /, token.generate({ counter: 4 }));
    const r = await c.exited;
    expect(r.code, r.stderr).toBe(0);
    const kept = offlineFile(online.stateDir, m.username)?.json;
    expect(kept.material.values[0].at).toBe(5);
    expect(kept.used).toBeNull();
  });

  it("ends at the operator's revocation: the refill deletes the file and the offline sign-in is refused", async () => {
    const { m, online, offline } = await signedInWithHotp();
    const grants = (await call(p.h.app, 'GET', `users/${m.id}/workstation/offline/`, p.acme)).body.results;
    expect(grants).toEqual([expect.objectContaining({ machine: 'WS-TEST', kind: 'hotp', values: 20 })]);
    expect(offlineFile(online.stateDir, m.username)?.json.material.id).toBe(grants[0].id);
    const revoked = await call(p.h.app, 'DELETE', `users/${m.id}/workstation/offline/${grants[0].id}/`, p.acme);
    expect(revoked.status).toBe(204);

    const refilled = await run(['refill', '--config', online.file]);
    expect(refilled.code, refilled.stderr).toBe(0);
    expect(JSON.parse(refilled.stdout)).toMatchObject({ name: m.username, result: 'deleted' });
    expect(offlineFile(online.stateDir, m.username)).toBeNull();

    const c = new Client(['signin', m.username, '--config', offline.file]);
    await c.waitFor(new RegExp(`No offline sign-in for ${m.username} on this machine`));
    const r = await c.exited;
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(OFFLINE_PROMPT);
  });

  it('refuses expired material and deletes it', async () => {
    const { m, token, online, offline } = await signedInWithHotp();
    const kept = offlineFile(online.stateDir, m.username);
    if (!kept) throw new Error('no offline file');
    kept.json.material.expires_at = new Date(Date.now() - 1000).toISOString();
    fs.writeFileSync(kept.file, JSON.stringify(kept.json));
    const r = await offlineSignIn(offline.file, m.username, [token.generate({ counter: 1 })]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/has expired/);
    expect(offlineFile(online.stateDir, m.username)).toBeNull();
  });

  it('signs in offline with a TOTP code of the steps around now, not with the one typed online', async () => {
    // The server's clock as the machine's: TOTP material starts at the server's step.
    p.h.clock.reset();
    const m = await member(p);
    const online = writeConfig(p, { kinds: ['password', 'totp'] });
    const step = () => Math.floor(Date.now() / 30_000);
    const before = step();
    const onlineCode = m.totp.generate({ timestamp: Date.now() });
    const c = new Client(['signin', m.username, '--config', online.file]);
    await c.answer(/Password: /, PASSWORD);
    await c.answer(/Authenticator code: /, onlineCode);
    expect((await c.exited).code).toBe(0);
    const kept = offlineFile(online.stateDir, m.username)?.json;
    expect(kept.material).toMatchObject({ kind: 'totp', period: 30 });
    // The step of the code typed online counts as used here.
    expect(kept.used).toBeGreaterThanOrEqual(before);
    expect(kept.used).toBeLessThanOrEqual(step());

    const offline = writeConfig(p, { state_dir: online.stateDir, server: dead, timeout_s: 5 });
    const PROMPT = /Authenticator code \(offline\): /;
    // The next step's code: within one step of the machine's clock whenever the client checks it.
    const next = m.totp.generate({ timestamp: (step() + 1) * 30_000 });
    const r = await offlineSignIn(offline.file, m.username, [onlineCode, next], PROMPT);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ member_id: m.id, offline: true });
    // Spent: the same code again is refused.
    const reuse = await offlineSignIn(offline.file, m.username, [next], PROMPT);
    expect(reuse.code).toBe(1);
  });

  it('gives a file no code can be derived from: no secret, slow distinct salted hashes, nothing past its values', async () => {
    const { m, token, secret, online } = await signedInWithHotp();
    const kept = offlineFile(online.stateDir, m.username);
    if (!kept) throw new Error('no offline file');
    const text = fs.readFileSync(kept.file, 'utf8');
    const values: { at: number; hash: string }[] = kept.json.material.values;

    // The secret is in it in no form, nor any code in clear.
    const raw = Secret.fromBase32(secret);
    for (const form of [secret, raw.hex, Buffer.from(raw.bytes).toString('base64'), raw.base32.toLowerCase()])
      expect(text.toLowerCase()).not.toContain(form.toLowerCase().replace(/=+$/, ''));
    for (let counter = 0; counter <= 40; counter++) expect(text).not.toContain(token.generate({ counter }));

    // Each value: argon2id at 19 MiB and 2 passes, with a salt of its own.
    const parts = values.map((v) => v.hash.split('$'));
    for (const [, alg, version, params] of parts)
      expect([alg, version, params]).toEqual(['argon2id', 'v=19', 'm=19456,t=2,p=1']);
    const salts = parts.map((x) => x[4]);
    expect(new Set(salts).size).toBe(values.length);
    expect(Math.min(...salts.map((s) => Buffer.from(s ?? '', 'base64').length))).toBeGreaterThanOrEqual(16);

    // A hash holds its own counter's code only; the codes past the last value are in none.
    const last = values[values.length - 1]?.at ?? 0;
    expect(await verify(values[0]?.hash ?? '', token.generate({ counter: values[0]?.at ?? -1 }))).toBe(true);
    expect(await verify(values[0]?.hash ?? '', token.generate({ counter: values[1]?.at ?? -1 }))).toBe(false);
    const beyond = Array.from({ length: 5 }, (_, i) => token.generate({ counter: last + 1 + i }));
    const found = await Promise.all(values.flatMap((v) => beyond.map((code) => verify(v.hash, code))));
    expect(found.filter(Boolean)).toEqual([]);

    // No shortcut for a wrong guess: N random guesses cost N full hashes, each as long as checking the
    // right code (measured in turns, so that the machine's load weighs on both alike).
    const hash = values[0]?.hash ?? '';
    const rightCode = token.generate({ counter: values[0]?.at ?? 0 });
    const timed = async (code: string) => {
      const t = performance.now();
      const ok = await verify(hash, code);
      return { ok, ms: performance.now() - t };
    };
    const N = 20;
    const right: number[] = [];
    const guesses: number[] = [];
    let hits = 0;
    for (let i = 0; i < N; i++) {
      right.push((await timed(rightCode)).ms);
      const guess = await timed(String(randomInt(1_000_000)).padStart(6, '0'));
      if (guess.ok) hits++;
      guesses.push(guess.ms);
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const median = [...right].sort((a, b) => a - b)[N >> 1] ?? 0;
    expect(hits).toBeLessThanOrEqual(1);
    expect(sum(guesses)).toBeGreaterThanOrEqual(0.5 * N * median);
    // And each takes real work (argon2id at 19 MiB and 2 passes takes milliseconds on any machine).
    expect(sum(guesses) / N).toBeGreaterThan(1);
  });
});
