/**
 * RADIUS clients (contracts/radius.ts): the devices a customer lets sign members in over RADIUS.
 * The shared secret is made here, answered once (at creation and when renewed) and kept sealed,
 * since the RADIUS server needs it itself to check and sign packets (radius/clients.ts).
 */
import { randomInt } from 'node:crypto';
import {
  fieldError,
  RADIUS_SECRET_LENGTH,
  type RadiusClient,
  type RadiusClientInput,
  type RadiusClientListQuery,
  type RadiusClientPatch,
  type RadiusClientWithSecret,
  radiusClientFieldErrors,
  type radiusClientInputSchema,
} from '@portiere/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditChange, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { applications, radiusClients } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { idFilter, isUuid } from '../../lib/ids.ts';
import { likeOf } from '../../lib/like-pattern.ts';
import { page, paging } from '../../lib/paging.ts';

const SECRET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** Letters and digits (no look-alikes): every device's form takes them. */
function newSecret(): string {
  let out = '';
  for (let i = 0; i < RADIUS_SECRET_LENGTH; i++) out += SECRET_ALPHABET.charAt(randomInt(SECRET_ALPHABET.length));
  return out;
}

type Row = typeof radiusClients.$inferSelect;

const nameTaken = () => new AppError(409, 'nameExists', undefined, { name: fieldError('nameExists') });

const toClient = (r: { c: Row; app: { id: string; name: string } }): RadiusClient => ({
  id: r.c.id,
  name: r.c.name,
  address: r.c.address,
  application: r.app,
  enabled: r.c.enabled,
  requireMessageAuthenticator: r.c.requireMessageAuthenticator,
  approvalWait: r.c.approvalWait,
  created_at: r.c.createdAt.toISOString(),
  last_used_at: r.c.lastUsedAt?.toISOString() ?? null,
});

export class RadiusClientsService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private select(where: SQL | undefined) {
    return this.db
      .select({ c: radiusClients, app: { id: applications.id, name: applications.name } })
      .from(radiusClients)
      .innerJoin(applications, eq(applications.id, radiusClients.applicationId))
      .where(where);
  }

  async list(customerId: string, q: Partial<RadiusClientListQuery>) {
    const { page: p, size, offset } = paging(q);
    const search = q.search?.trim();
    const where = and(
      eq(radiusClients.customerId, customerId),
      search
        ? or(ilike(radiusClients.name, likeOf(search)), ilike(sql`host(${radiusClients.address})`, likeOf(search)))
        : undefined,
      idFilter(radiusClients.applicationId, q.application_id),
    );
    const rows = await this.select(where)
      .orderBy(desc(radiusClients.createdAt), desc(radiusClients.id))
      .limit(size)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(radiusClients).where(where);
    return page(rows.map(toClient), total?.n ?? 0, p, size);
  }

  async get(customerId: string, id: string): Promise<RadiusClient> {
    const row = await customerRow(this.db, radiusClients, customerId, id);
    const [found] = await this.select(eq(radiusClients.id, row.id));
    if (!found) throw new Error('client without its application');
    return toClient(found);
  }

  /** 400 with the fields' errors; the application must be one of the customer's of type RADIUS. */
  private async check(customerId: string, input: Partial<RadiusClientInput>) {
    const errors = radiusClientFieldErrors(input);
    if (input.applicationId !== undefined) {
      const [app] = isUuid(input.applicationId)
        ? await this.db
            .select({ type: applications.type })
            .from(applications)
            .where(and(eq(applications.id, input.applicationId), eq(applications.customerId, customerId)))
        : [];
      if (app?.type !== 'radius') errors.applicationId = fieldError('radiusApplication');
    }
    if (Object.keys(errors).length) throw new AppError(400, 'validation', undefined, errors);
  }

  async create(customerId: string, input: z.output<typeof radiusClientInputSchema>): Promise<RadiusClientWithSecret> {
    await this.check(customerId, input);
    const secret = newSecret();
    const [row] = await orConflict(
      () =>
        this.db
          .insert(radiusClients)
          .values({
            customerId,
            name: input.name,
            address: input.address.trim(),
            applicationId: input.applicationId,
            secretSealed: this.box.encrypt(secret),
            enabled: input.enabled,
            requireMessageAuthenticator: input.requireMessageAuthenticator,
            approvalWait: input.approvalWait,
            createdAt: this.now(),
          })
          .returning({ id: radiusClients.id }),
      nameTaken,
    );
    if (!row) throw new Error('insert failed');
    auditTarget(row.id, input.name);
    return { ...(await this.get(customerId, row.id)), secret };
  }

  async update(customerId: string, id: string, patch: RadiusClientPatch): Promise<RadiusClient> {
    const before = await this.get(customerId, id);
    await this.check(customerId, patch);
    const set: Partial<typeof radiusClients.$inferInsert> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.address !== undefined) set.address = patch.address.trim();
    if (patch.applicationId !== undefined) set.applicationId = patch.applicationId;
    if (patch.enabled !== undefined) set.enabled = patch.enabled;
    if (patch.requireMessageAuthenticator !== undefined)
      set.requireMessageAuthenticator = patch.requireMessageAuthenticator;
    if (patch.approvalWait !== undefined) set.approvalWait = patch.approvalWait;
    if (Object.keys(set).length)
      await orConflict(() => this.db.update(radiusClients).set(set).where(eq(radiusClients.id, id)), nameTaken);
    const after = await this.get(customerId, id);
    auditTarget(id, after.name);
    auditChange(before, after);
    return after;
  }

  /** A new secret: the old one stops working at once (the server reads it for every packet). */
  async renewSecret(customerId: string, id: string): Promise<RadiusClientWithSecret> {
    const row = await customerRow(this.db, radiusClients, customerId, id);
    const secret = newSecret();
    await this.db
      .update(radiusClients)
      .set({ secretSealed: this.box.encrypt(secret) })
      .where(eq(radiusClients.id, row.id));
    auditTarget(row.id, row.name);
    return { ...(await this.get(customerId, row.id)), secret };
  }

  async remove(customerId: string, id: string): Promise<void> {
    const row = await customerRow(this.db, radiusClients, customerId, id);
    auditTarget(row.id, row.name);
    await this.db.delete(radiusClients).where(eq(radiusClients.id, row.id));
  }
}
