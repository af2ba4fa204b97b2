/**
 * Linux PAM login through the client, driven by pamtester (Debian's, installed by
 * scripts/ensure-pam.mjs): a PAM service whose auth step is pam_exec with expose_authtok running
 * the built client, as an operator writes it under /etc/pam.d (apps/workstation/README.md). The
 * workstation flow has one stage (a code), as PAM gives one token. Online the code is checked by
 * the server; with the server away, against the offline file the online login left.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { HOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../server/src/test/databases.ts';
import { call } from '../../server/src/test/harness.ts';
import { pamtester as pamtesterWith } from '../../server/src/test/pamtester.ts';
import { CLIENT } from '../scripts/build.mjs';
import {
  credential,
  deadServer,
  member,
  offlineFile,
  type Portiere,
  startPortiere,
  writeConfig,
} from './support/portiere.ts';

/** pamtester's answer for `user` typing `token` at the service's prompt. */
const pamtester = (service: string, user: string, token: string) => pamtesterWith(service, user, [token]);

describe.each(testDatabases())('workstation client as a PAM step on $name', (database) => {
  let p: Portiere;
  let dead: string;
  const services: string[] = [];

  /** A PAM service (a file under /etc/pam.d, removed after the tests) whose auth is the client with `config`. */
  function pamService(config: string): string {
    const name = `portiere-ws-test-${randomBytes(6).toString('hex')}`;
    const file = `/etc/pam.d/${name}`;
    services.push(file);
    fs.writeFileSync(
      file,
      [
        `auth required pam_exec.so expose_authtok quiet ${process.execPath} ${CLIENT} pam --config ${config}`,
        'account required pam_permit.so',
        '',
      ].join('\n'),
    );
    return name;
  }

  beforeAll(async () => {
    p = await startPortiere(database, { stages: [['hotp', 'totp']] });
    dead = await deadServer();
  });
  afterAll(async () => {
    for (const file of services) fs.rmSync(file, { force: true });
    await p?.close();
  });

  /** A member with a Windows HOTP, and its token. */
  async function hotpMember() {
    const m = await member(p);
    const hotp = await credential(p, m, { type: 'hotp' });
    return { m, token: new HOTP({ secret: Secret.fromBase32(hotp.enrollment.secret), digits: 6 }) };
  }

  it('pamtester with pam_exec accepts the right code and refuses a wrong one', async () => {
    const { m, token } = await hotpMember();
    const { file, stateDir } = writeConfig(p, { pam: { kind: 'hotp' } });
    const service = pamService(file);

    const right = await pamtester(service, m.username, token.generate({ counter: 0 }));
    expect(right.code, right.output).toBe(0);
    expect(right.output).toMatch(/successfully authenticated/);
    // The login left offline material on the machine, root's alone.
    expect(offlineFile(stateDir, m.username)?.mode).toBe(0o600);

    const wrong = await pamtester(service, m.username, '000000');
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).not.toMatch(/successfully authenticated/);
    // The code used is spent on the server too.
    const replay = await pamtester(service, m.username, token.generate({ counter: 0 }));
    expect(replay.code).not.toBe(0);

    // One login got in: the first.
    const records = (await call(p.h.app, 'GET', `users/${m.id}/sign-ins/?channel=workstation`, p.acme)).body.results;
    expect(records.filter((r: { outcome: string }) => r.outcome === 'success')).toHaveLength(1);
  });

  it('pamtester signs in offline with the code the file holds when the server is down, once', async () => {
    const { m, token } = await hotpMember();
    const online = writeConfig(p, { pam: { kind: 'hotp' } });
    expect((await pamtester(pamService(online.file), m.username, token.generate({ counter: 0 }))).code).toBe(0);

    const away = pamService(writeConfig(p, { state_dir: online.stateDir, server: dead, timeout_s: 5 }).file);
    expect((await pamtester(away, m.username, '000000')).code).not.toBe(0);
    const right = await pamtester(away, m.username, token.generate({ counter: 1 }));
    expect(right.code, right.output).toBe(0);
    expect((await pamtester(away, m.username, token.generate({ counter: 1 }))).code).not.toBe(0);
    // Another login name has no file here: nothing lets it in.
    expect((await pamtester(away, 'nobody-here', token.generate({ counter: 2 }))).code).not.toBe(0);
  });
});
