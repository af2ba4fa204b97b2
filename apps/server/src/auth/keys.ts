/**
 * The RS256 signing key pair: created at first start, kept in the database with the
 * private key sealed by the instance secret, so every process of an install signs alike.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { exportPKCS8, exportSPKI, generateKeyPair, importPKCS8, importSPKI } from 'jose';
import { ADVISORY_LOCKS, type Db } from '../db/client.ts';
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
  // The oldest key: every node picks the same one.
  const oldest = () => db.select().from(signingKeys).orderBy(signingKeys.createdAt, signingKeys.kid).limit(1);
  let [row] = await oldest();
  if (!row) {
    const pair = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const candidate = {
      kid: randomUUID(),
      publicPem: await exportSPKI(pair.publicKey),
      privateKeyEnc: box.encrypt(await exportPKCS8(pair.privateKey)),
    };
    // Nodes starting together: under the lock the first one inserts, the others find its key.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.signingKey}::bigint)`);
      const [present] = await tx.select({ kid: signingKeys.kid }).from(signingKeys).limit(1);
      if (!present) await tx.insert(signingKeys).values(candidate);
    });
    [row] = await oldest();
  }
  if (!row) throw new Error('Could not create the signing key');
  return {
    kid: row.kid,
    publicPem: row.publicPem,
    privateKey: await importPKCS8(box.decrypt(row.privateKeyEnc), 'RS256'),
    publicKey: await importSPKI(row.publicPem, 'RS256'),
  };
}
