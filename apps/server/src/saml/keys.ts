/**
 * Each customer's SAML signing key (table saml_keys): made at the customer's first SAML request
 * or metadata read, replaced by a rotation. The private key is sealed with the instance secret;
 * the certificate is self-signed (service providers pin it from the metadata, no CA is asked).
 * The metadata publishes the active certificate first and those retired within
 * SAML_RETIRED_KEY_PUBLISHED_S, so a provider that reads it again trusts both while responses
 * signed just before the rotation are still on their way.
 */
import { webcrypto } from 'node:crypto';
import { createRequire } from 'node:module';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { samlKeys } from '../db/schema/index.ts';
import type { SecretBox } from '../lib/crypto.ts';

/** A retired certificate stays in the metadata this long (a day: providers refresh metadata daily). */
export const SAML_RETIRED_KEY_PUBLISHED_S = 24 * 60 * 60;
/** A certificate's validity: long, as SAML deployments expect; rotation is what renews it. */
const CERTIFICATE_YEARS = 10;

export interface SamlSigningKey {
  privateKey: string;
  certificate: string;
}

const ALGORITHM = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

function pem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.match(/.{1,64}/g)?.join('\n')}\n-----END ${label}-----\n`;
}

/**
 * @peculiar/x509 makes the certificate. Loaded when a key is made, and typed here by what is used:
 * its own declarations pull in global types that change the project's Buffer and Blob typing.
 */
interface X509Generator {
  X509CertificateGenerator: {
    createSelfSigned(
      params: {
        serialNumber: string;
        name: string;
        notBefore: Date;
        notAfter: Date;
        signingAlgorithm: typeof ALGORITHM;
        keys: webcrypto.CryptoKeyPair;
      },
      crypto: unknown,
    ): Promise<{ toString(format: 'pem'): string }>;
  };
}
function x509(): X509Generator {
  const require = createRequire(import.meta.url);
  // Its dependency injection (tsyringe) needs the Reflect metadata polyfill loaded first, which
  // nothing else loads now that @simplewebauthn/server (which did) loads on demand.
  require('reflect-metadata');
  return require('@peculiar/x509') as X509Generator;
}

async function newKey(customerName: string, now: Date): Promise<SamlSigningKey> {
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CERTIFICATE_YEARS);
  const cn = customerName.replace(/[,+="\\<>;#]/g, ' ').slice(0, 60) || 'Portiere';
  const cert = await x509().X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)))
        .toString('hex')
        .replace(/^[89a-f]/, '1'),
      name: `CN=${cn} SAML, O=Portiere`,
      notBefore: now,
      notAfter,
      signingAlgorithm: ALGORITHM,
      keys,
    },
    webcrypto,
  );
  return {
    privateKey: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
    certificate: cert.toString('pem'),
  };
}

export class SamlKeys {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  private published(customerId: string, now: Date) {
    return this.db
      .select()
      .from(samlKeys)
      .where(
        and(
          eq(samlKeys.customerId, customerId),
          or(
            isNull(samlKeys.retiredAt),
            gt(samlKeys.retiredAt, new Date(now.getTime() - SAML_RETIRED_KEY_PUBLISHED_S * 1000)),
          ),
        ),
      )
      .orderBy(sql`${samlKeys.retiredAt} is not null`, desc(samlKeys.createdAt));
  }

  /** The key that signs now, made when the customer has none (nodes racing: the first insert wins). */
  async signing(customerId: string, customerName: string, now = new Date()): Promise<SamlSigningKey> {
    const find = () =>
      this.db
        .select()
        .from(samlKeys)
        .where(and(eq(samlKeys.customerId, customerId), isNull(samlKeys.retiredAt)));
    let [active] = await find();
    if (!active) {
      const key = await newKey(customerName, now);
      await this.db
        .insert(samlKeys)
        .values({ customerId, certificate: key.certificate, privateKeyEnc: this.box.encrypt(key.privateKey) })
        .onConflictDoNothing();
      [active] = await find();
      if (!active) throw new Error('no active SAML key');
    }
    return { certificate: active.certificate, privateKey: this.box.decrypt(active.privateKeyEnc) };
  }

  /** The certificates the metadata publishes: the active one first (call `signing` first: it makes the key). */
  async certificates(customerId: string, now = new Date()): Promise<string[]> {
    return (await this.published(customerId, now)).map((r) => r.certificate);
  }

  /** A new key signs from now on; the old one stays published for a day. */
  async rotate(customerId: string, customerName: string, now = new Date()): Promise<void> {
    const key = await newKey(customerName, now);
    await this.db.transaction(async (tx) => {
      await tx
        .update(samlKeys)
        .set({ retiredAt: now })
        .where(and(eq(samlKeys.customerId, customerId), isNull(samlKeys.retiredAt)));
      await tx.insert(samlKeys).values({
        customerId,
        certificate: key.certificate,
        privateKeyEnc: this.box.encrypt(key.privateKey),
        createdAt: now,
      });
    });
  }
}
