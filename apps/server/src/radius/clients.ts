/**
 * Which RADIUS client a packet comes from: the enabled clients whose address or range holds its
 * source (an index lookup, radius_clients_address_idx), with their secrets unsealed. Several may
 * share a range; the server keeps the one whose secret proves the packet.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { radiusClients } from '../db/schema/index.ts';
import type { SecretBox } from '../lib/crypto.ts';

export interface RadiusClientEntry {
  id: string;
  customerId: string;
  name: string;
  applicationId: string;
  secret: string;
  requireMessageAuthenticator: boolean;
  /** Seconds a request at the app's stage waits for the approval. */
  approvalWait: number;
}

/** last_used_at is written at most this often per client, not for every packet. */
const USED_EVERY_MS = 60_000;

/** An IPv4 address as a dual-stack socket reports it (::ffff:192.0.2.1), as itself. */
export const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

export class RadiusClientDirectory {
  private readonly usedAt = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async candidates(source: string): Promise<RadiusClientEntry[]> {
    const rows = await this.db
      .select({
        id: radiusClients.id,
        customerId: radiusClients.customerId,
        name: radiusClients.name,
        applicationId: radiusClients.applicationId,
        sealed: radiusClients.secretSealed,
        requireMessageAuthenticator: radiusClients.requireMessageAuthenticator,
        approvalWait: radiusClients.approvalWait,
      })
      .from(radiusClients)
      .where(and(eq(radiusClients.enabled, true), sql`${radiusClients.address} >>= ${plainAddress(source)}::inet`))
      // The narrowest range first: a device's own entry before its network's.
      .orderBy(sql`masklen(${radiusClients.address}) desc`, radiusClients.createdAt);
    return rows.map(({ sealed, ...row }) => ({ ...row, secret: this.box.decrypt(sealed) }));
  }

  /** Notes that the client's secret proved a request (at most once a minute per client). */
  async used(client: RadiusClientEntry): Promise<void> {
    const now = this.now().getTime();
    if (now - (this.usedAt.get(client.id) ?? 0) < USED_EVERY_MS) return;
    this.usedAt.set(client.id, now);
    await this.db
      .update(radiusClients)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(radiusClients.id, client.id));
  }
}
