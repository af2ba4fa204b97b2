/**
 * Workstation keys (contracts/workstation.ts): `pwk_<key id>_<secret>`, issued by an operator for
 * one machine or for the customer's fleet, shown once. The key id finds the row through its
 * unique index; the secret is kept as an argon2id hash, its verification remembered a minute
 * (VerifiedSecrets), and the row is read on every call, so a revoked key (its row deleted, with
 * its sign-ins and offline grants) is refused at once.
 */
import { randomBytes } from 'node:crypto';
import {
  WORKSTATION_KEY_PREFIX,
  type WorkstationKey,
  type WorkstationKeyCreated,
  type workstationKeyCreateSchema,
} from '@portiere/contracts';
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import { auditTarget } from '../../audit/context.ts';
import { VerifiedSecrets } from '../../auth/verified-secrets.ts';
import type { Db } from '../../db/client.ts';
import { workstationKeys } from '../../db/schema/index.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { AppError } from '../../lib/errors.ts';
import { page, paging } from '../../lib/paging.ts';
import { hashPassword } from '../../lib/passwords.ts';

export type WorkstationKeyRow = typeof workstationKeys.$inferSelect;

/** 22 base64url characters of id, 43 of secret; base64url has '_' too, so the lengths split it. */
const KEY_FORMAT = new RegExp(`^${WORKSTATION_KEY_PREFIX}([A-Za-z0-9_-]{22})_([A-Za-z0-9_-]{43})$`);
/** last_used_at is written at most this often per key, not on every call. */
const USED_EVERY_MS = 60_000;

/** The key id of a well-formed key, else null (the rate limit's key: never the key itself). */
export const workstationKeyIdOf = (key: string): string | null => KEY_FORMAT.exec(key)?.[1] ?? null;

const invalid = () => new AppError(401, 'workstationKeyInvalid');

const toKey = (row: WorkstationKeyRow): WorkstationKey => ({
  id: row.id,
  name: row.name,
  machine: row.machine,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export class WorkstationKeys {
  private readonly verified = new VerifiedSecrets();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(customerId: string, q: { page?: string; page_size?: string }) {
    const { page: p, size, offset } = paging(q);
    const where = eq(workstationKeys.customerId, customerId);
    const rows = await this.db
      .select()
      .from(workstationKeys)
      .where(where)
      .orderBy(desc(workstationKeys.createdAt), desc(workstationKeys.id))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(workstationKeys).where(where);
    return page(rows.map(toKey), total?.n ?? 0, p, size);
  }

  async create(customerId: string, input: z.output<typeof workstationKeyCreateSchema>): Promise<WorkstationKeyCreated> {
    const keyId = randomBytes(16).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    const [row] = await this.db
      .insert(workstationKeys)
      .values({
        customerId,
        name: input.name,
        machine: input.machine,
        keyId,
        secretHash: await hashPassword(secret),
        createdAt: this.now(),
      })
      .returning();
    if (!row) throw new Error('insert failed');
    auditTarget(row.id, row.name);
    return { ...toKey(row), key: `${WORKSTATION_KEY_PREFIX}${keyId}_${secret}` };
  }

  /** Revokes the key: its sign-ins in progress and the offline material it fetched go with it. */
  async revoke(customerId: string, id: string): Promise<void> {
    const row = await customerRow(this.db, workstationKeys, customerId, id);
    auditTarget(row.id, row.name);
    await this.db.delete(workstationKeys).where(eq(workstationKeys.id, row.id));
  }

  /** The row a well-formed key names, before its secret is checked (the rate limit counts by it). */
  async find(keyId: string): Promise<WorkstationKeyRow | undefined> {
    const [row] = await this.db.select().from(workstationKeys).where(eq(workstationKeys.keyId, keyId));
    return row;
  }

  /** The key's row, or 401 workstationKeyInvalid. */
  async authenticate(key: string, row?: WorkstationKeyRow): Promise<WorkstationKeyRow> {
    const m = KEY_FORMAT.exec(key);
    if (!m) throw invalid();
    const [, keyId = '', secret = ''] = m;
    const found = row ?? (await this.find(keyId));
    if (!found || !(await this.verified.check(key, secret, found.secretHash))) throw invalid();
    const now = this.now();
    if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() > USED_EVERY_MS) {
      await this.db
        .update(workstationKeys)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(workstationKeys.id, found.id),
            or(
              isNull(workstationKeys.lastUsedAt),
              lt(workstationKeys.lastUsedAt, new Date(now.getTime() - USED_EVERY_MS)),
            ),
          ),
        );
    }
    return found;
  }
}
