/**
 * The RS256 signing key pair: created at first start, kept in the database with the
 * private key sealed by the instance secret, so every process of an install signs alike.
 */
import { randomUUID } from 'node:crypto';
import { exportPKCS8, exportSPKI, generateKeyPair, importPKCS8, importSPKI } from 'jose';
import type { Db } from '../db/client.ts';
import { signingKeys } from '../db/schema/index.ts';
import type { SecretBox } from '../lib/crypto.ts';

type Key = Awaited<ReturnType<typeof importSPKI>>;

export interface SigningKeys {
  kid: string;
  publicPem: string;
  privateKey: Key;
  publicKey: Key;
}

export async function loadOrCreateSigningKeys(db: Db, box: SecretBox): Promise<SigningKeys> {
  let [row] = await db.select().from(signingKeys).limit(1);
  if (!row) {
    const pair = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const candidate = {
      kid: randomUUID(),
      publicPem: await exportSPKI(pair.publicKey),
      privateKeyEnc: box.encrypt(await exportPKCS8(pair.privateKey)),
    };
    // Two processes starting together: the first insert wins, both then read it.
    await db.insert(signingKeys).values(candidate).onConflictDoNothing();
    [row] = await db.select().from(signingKeys).limit(1);
  }
  if (!row) throw new Error('Could not create the signing key');
  return {
    kid: row.kid,
    publicPem: row.publicPem,
    privateKey: await importPKCS8(box.decrypt(row.privateKeyEnc), 'RS256'),
    publicKey: await importSPKI(row.publicPem, 'RS256'),
  };
}
