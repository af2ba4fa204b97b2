/** `portiere saml-rotate-keys <customer>` as an operator runs it: a new key signs, the old certificate stays published a day. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from '../db/client.ts';
import { customers, samlKeys } from '../db/schema/index.ts';
import { SecretBox } from '../lib/crypto.ts';
import { runCli } from '../test/run-cli.ts';
import { SamlKeys } from './keys.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-saml-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it("replaces a customer's signing key, keeping the retired certificate in the metadata", async () => {
  expect((await runCli(['seed'], { DATA_DIR: dataDir })).code).toBe(0);
  const first = await runCli(['saml-rotate-keys', 'Acme'], { DATA_DIR: dataDir });
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout).toContain('New SAML signing key of Acme is active');
  const second = await runCli(['saml-rotate-keys', 'Acme'], { DATA_DIR: dataDir });
  expect(second.stdout).toContain('stays in the metadata for 24 hours');
  const unknown = await runCli(['saml-rotate-keys', 'Nobody Ltd'], { DATA_DIR: dataDir });
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('No single customer with the id or name Nobody Ltd.');

  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    const [acme] = await database.db.select().from(customers).where(eq(customers.name, 'Acme'));
    if (!acme) throw new Error('no Acme');
    const rows = await database.db.select().from(samlKeys).where(eq(samlKeys.customerId, acme.id));
    // The first rotation made Acme's first key; the second retired it.
    expect(rows.map((r) => (r.retiredAt ? 'retired' : 'active')).sort()).toEqual(['active', 'retired']);
    const active = rows.find((r) => r.retiredAt === null);
    // Sealed with the install's secret key; the metadata names the active certificate first.
    const keys = new SamlKeys(database.db, SecretBox.fromFile(path.join(dataDir, 'secret.key')));
    const signing = await keys.signing(acme.id, acme.name);
    expect(signing.certificate).toBe(active?.certificate);
    expect(signing.privateKey).toContain('BEGIN PRIVATE KEY');
    const published = await keys.certificates(acme.id);
    expect(published).toHaveLength(2);
    expect(published[0]).toBe(active?.certificate);
  } finally {
    await database.close();
  }
});
