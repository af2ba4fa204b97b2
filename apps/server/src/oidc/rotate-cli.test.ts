/** `portiere oidc-rotate-keys` as an operator runs it: a new active key, the old one retired but still published. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { oidcKeys } from '../db/schema/index.ts';
import { SecretBox } from '../lib/crypto.ts';
import { runCli } from '../test/run-cli.ts';
import { loadOidcKeys } from './keys.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-oidc-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('adds a new signing key and keeps the retired one in the JWKS', async () => {
  const first = await runCli(['oidc-rotate-keys'], { DATA_DIR: dataDir });
  expect(first.code, first.stderr).toBe(0);
  const second = await runCli(['oidc-rotate-keys'], { DATA_DIR: dataDir });
  expect(second.code, second.stderr).toBe(0);
  const [, newKid, oldKid] = /New OpenID signing key (\S+) is active; retired (\S+)\./.exec(second.stdout) ?? [];
  expect(second.stdout).toContain('stay published in the JWKS for 24 hours');
  expect(first.stdout).toContain(`New OpenID signing key ${oldKid} is active.`);

  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    const rows = await database.db.select().from(oidcKeys);
    expect(rows.map((r) => [r.kid, r.retiredAt !== null]).sort()).toEqual(
      [
        [newKid, false],
        [oldKid, true],
      ].sort(),
    );
    // Sealed with the install's secret key: the server reads them, the signing key first.
    const keys = await loadOidcKeys(database.db, SecretBox.fromFile(path.join(dataDir, 'secret.key')));
    expect(keys.map((k) => k.kid)).toEqual([newKid, oldKid]);
    expect(keys[0]?.d).toEqual(expect.any(String));
  } finally {
    await database.close();
  }
});
