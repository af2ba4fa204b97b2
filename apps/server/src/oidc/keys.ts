/**
 * The OpenID provider's RS256 signing keys (table oidc_keys): the first is made at first start,
 * `portiere oidc-rotate-keys` adds a new one and retires the old. Private keys are kept sealed
 * with the instance secret (AES-256-GCM). The JWKS publishes the active key first (the provider
 * signs with the first) and the keys retired within RETIRED_KEY_PUBLISHED_S, so that ID tokens
 * signed before a rotation verify until they expire.
 */
import { randomUUID } from 'node:crypto';
import { SETTING_BOUNDS } from '@portiere/contracts';
import { desc, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { ADVISORY_LOCKS, type Db } from '../db/client.ts';
import { oidcKeys } from '../db/schema/index.ts';
import type { SecretBox } from '../lib/crypto.ts';

/** The longest an ID token can live (id_token_duration's bound): how long a retired key stays published. */
export const RETIRED_KEY_PUBLISHED_S = SETTING_BOUNDS['general.id_token_duration'].max;

export type SigningJwk = JWK & { kid: string };

async function newKey(box: SecretBox, createdAt: Date) {
  const pair = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const kid = randomUUID();
  const jwk: SigningJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateJwkEnc: box.encrypt(JSON.stringify(jwk)), createdAt };
}

/** Published keys, the active one first (the newest unretired), then the recently retired. */
function published(db: Db, now: Date) {
  return db
    .select()
    .from(oidcKeys)
    .where(
      or(isNull(oidcKeys.retiredAt), gt(oidcKeys.retiredAt, new Date(now.getTime() - RETIRED_KEY_PUBLISHED_S * 1000))),
    )
    .orderBy(sql`${oidcKeys.retiredAt} is not null`, desc(oidcKeys.createdAt), oidcKeys.kid);
}

const lock = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.oidcKeys}::bigint)`);

/** The kids a JWKS built now would hold, in order: when they change, the provider is built again. */
export async function publishedKids(db: Db, now = new Date()): Promise<string[]> {
  return (await published(db, now)).map((r) => r.kid);
}

/** The private JWKs to give the provider, the signing key first; makes the first key when there is none. */
export async function loadOidcKeys(db: Db, box: SecretBox, now = new Date()): Promise<SigningJwk[]> {
  let rows = await published(db, now);
  if (!rows.some((r) => !r.retiredAt)) {
    const candidate = await newKey(box, now);
    // Nodes starting together: under the lock the first inserts, the others find its key.
    await db.transaction(async (tx) => {
      await lock(tx);
      const [active] = await tx.select({ kid: oidcKeys.kid }).from(oidcKeys).where(isNull(oidcKeys.retiredAt));
      if (!active) await tx.insert(oidcKeys).values(candidate);
    });
    rows = await published(db, now);
  }
  return rows.map((r) => JSON.parse(box.decrypt(r.privateJwkEnc)) as SigningJwk);
}

/**
 * A new active key; the ones before it are retired (still published for RETIRED_KEY_PUBLISHED_S),
 * and keys retired longer ago are deleted. Running servers pick the change up by themselves.
 */
export async function rotateOidcKeys(
  db: Db,
  box: SecretBox,
  now = new Date(),
): Promise<{ kid: string; retired: string[] }> {
  const candidate = await newKey(box, now);
  return db.transaction(async (tx) => {
    await lock(tx);
    const retired = await tx
      .update(oidcKeys)
      .set({ retiredAt: now })
      .where(isNull(oidcKeys.retiredAt))
      .returning({ kid: oidcKeys.kid });
    await tx.delete(oidcKeys).where(lt(oidcKeys.retiredAt, new Date(now.getTime() - RETIRED_KEY_PUBLISHED_S * 1000)));
    await tx.insert(oidcKeys).values(candidate);
    return { kid: candidate.kid, retired: retired.map((r) => r.kid) };
  });
}
