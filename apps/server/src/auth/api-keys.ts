/**
 * Manager users' API keys (managerUsers contract): `ptk_<key id>_<secret>`. The key id (16
 * random bytes) finds the staff_users row through its unique index; the secret (32 random
 * bytes) is kept as an argon2id hash. The row is read on every request, so a reset (a new
 * hash), a block or an expiry refuses the very next call; only the costly hash verification
 * is remembered for a short while, keyed by a SHA-256 of the whole key AND the stored hash.
 */
import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SCOPES, type ApiKeyScope } from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffUsers } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { AuthUser } from './tokens.ts';
import { VerifiedSecrets } from './verified-secrets.ts';

/** 22 base64url characters of id, 43 of secret; base64url has '_' too, so the lengths split it. */
const KEY_FORMAT = new RegExp(`^${API_KEY_PREFIX}([A-Za-z0-9_-]{22})_([A-Za-z0-9_-]{43})$`);
/** How long an API key's token lasts when the key has no expiration (the row is still read per request). */
const VERIFIED_TTL_MS = 60_000;

export interface NewApiKey {
  /** The key, shown once to the caller. */
  key: string;
  keyId: string;
  hash: string;
}

/** The key id of a well-formed key, else null (for the rate limit's key: never the key itself). */
export function apiKeyIdOf(key: string): string | null {
  return KEY_FORMAT.exec(key)?.[1] ?? null;
}

export async function newApiKey(): Promise<NewApiKey> {
  const keyId = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { key: `${API_KEY_PREFIX}${keyId}_${secret}`, keyId, hash: await hashPassword(secret) };
}

/** The scopes a stored list grants: only those the contract knows. */
export function grantedScopes(stored: readonly string[]): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((s) => stored.includes(s));
}

export interface ApiKeyUser extends AuthUser {
  apiKey: { id: string; scopes: ApiKeyScope[] };
}

const invalid = () => new AppError(401, 'apiKeyInvalid');

export class ApiKeyService {
  private readonly verified = new VerifiedSecrets();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The row a well-formed key names, if any (no secret checked yet). */
  async find(keyId: string) {
    const [row] = await this.db.select().from(staffUsers).where(eq(staffUsers.apiKeyId, keyId));
    return row;
  }

  /** The manager user a key authenticates, or 401 apiKeyInvalid. */
  async authenticate(key: string, row?: Awaited<ReturnType<ApiKeyService['find']>>): Promise<ApiKeyUser> {
    const m = KEY_FORMAT.exec(key);
    if (!m) throw invalid();
    const [, keyId = '', secret = ''] = m;
    const user = row ?? (await this.find(keyId));
    if (!user?.apiKeyHash || user.userType !== 'CustomerUser' || !user.customerId) throw invalid();
    const now = this.now();
    if (user.blockedAt || (user.expiration && user.expiration <= now)) throw invalid();
    if (!(await this.verified.check(key, secret, user.apiKeyHash))) throw invalid();
    return {
      sub: user.id,
      sid: '',
      user_type: 'CustomerUser',
      user_username: user.username,
      customer_id: user.customerId,
      exp: Math.floor((user.expiration?.getTime() ?? now.getTime() + VERIFIED_TTL_MS) / 1000),
      apiKey: { id: keyId, scopes: grantedScopes(user.scopes) },
    };
  }
}

export function isApiKeyUser(user: AuthUser | undefined): user is ApiKeyUser {
  return !!user && 'apiKey' in user;
}
