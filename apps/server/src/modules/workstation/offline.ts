/**
 * Offline material (contracts/workstation.ts): after an online sign-in, a machine may carry the
 * member's next HOTP values or a window of TOTP values, each only as an argon2id hash (with its
 * own salt, as privacyIDEA's offline refill), so that it can let the member in without a network
 * and nothing it keeps yields a code. A refill token (kept here as a keyed hash) rotates at each
 * refill; the material ends after the workstation settings' offline_days, and an operator's
 * revocation (or the key's, the credential's, the member's) ends it at the next contact.
 *
 * HOTP: the server's counter stays where online sign-ins left it, and values are given from it
 * on; a refill says the last counter the machine used offline, and the counter moves past it, so
 * a code used offline is refused online from then on.
 */
import { randomBytes } from 'node:crypto';
import { OFFLINE_KINDS, type OfflineGrant, type OfflineKind, type OfflineMaterial } from '@portiere/contracts';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { auditDetails, auditMemberActor, auditOutcome, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { configurations, credentials, members, offlineGrants } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { page, paging } from '../../lib/paging.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { CredentialChecks } from '../../signIn/credentialChecks.ts';
import { identityExpired } from '../../signIn/identities.ts';
import { type Algorithm, hotpAt, totpAt } from '../credentials/otp.ts';
import type { MemberRow } from '../members/mapper.ts';
import type { SettingsService } from '../settings/service.ts';
import type { WorkstationCaller } from './caller.ts';

type CredentialRow = typeof credentials.$inferSelect;
type GrantRow = typeof offlineGrants.$inferSelect;

const DAY_MS = 86_400_000;

export class OfflineMaterials {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly checks: CredentialChecks,
    private readonly settings: SettingsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The member's credential whose values a machine may carry: an active, unlocked Windows HOTP (first) or TOTP. */
  private async credential(member: MemberRow): Promise<CredentialRow | null> {
    for (const kind of OFFLINE_KINDS) {
      const [usable] = await this.checks.usable(member, kind, { windowsOnly: true });
      if (usable) return usable;
    }
    return null;
  }

  /**
   * Offline material for the member at the caller's machine, after an online sign-in; null when
   * the settings give none (offline_days 0) or the member has no credential to carry.
   */
  async issue(caller: WorkstationCaller, member: MemberRow): Promise<OfflineMaterial | null> {
    const { workstation } = (await this.settings.get(member.customerId)).settings;
    if (workstation.offline_days === 0) return null;
    const credential = await this.credential(member);
    if (!credential) return null;
    return this.give(caller, member, credential, workstation, null);
  }

  /**
   * New values and a new refill token for the grant a refill token names; the old token is spent.
   * Null when the grant is gone (revoked, expired, its member or credential no longer usable
   * here): the route answers 404 and commits what this contact did, so the codes used offline are
   * spent online and a grant that ended is deleted.
   */
  async refill(caller: WorkstationCaller, token: string, used: number | null): Promise<OfflineMaterial | null> {
    const [grant] = await this.db
      .select()
      .from(offlineGrants)
      .where(
        and(
          eq(offlineGrants.refillHash, this.box.hmac(token)),
          eq(offlineGrants.customerId, caller.key.customerId),
          eq(offlineGrants.keyId, caller.key.id),
          eq(offlineGrants.machine, caller.machine),
        ),
      );
    if (!grant) return null;
    const [member] = await this.db.select().from(members).where(eq(members.id, grant.memberId));
    if (!member) return null;
    auditMemberActor(member.customerId, member.id, member.username);
    auditTarget(member.id, member.username);
    auditDetails({ machine: caller.machine, grant_id: grant.id });
    if (grant.kind === 'hotp' && used !== null && used >= grant.firstAt && used <= grant.lastAt) {
      // A code used offline is used, whatever this contact ends in: the online counter moves past it.
      await this.db
        .update(credentials)
        .set({ counter: used + 1 })
        .where(and(eq(credentials.id, grant.credentialId), lt(credentials.counter, used + 1)));
    }
    const now = this.now();
    const { workstation } = (await this.settings.get(member.customerId)).settings;
    const usable = await this.checks.usable(member, grant.kind, { windowsOnly: true });
    const credential = usable.find((c) => c.id === grant.credentialId);
    if (grant.expiresAt <= now || !credential || workstation.offline_days === 0 || !(await this.mayStay(member, now))) {
      // Whatever ended it, the machine's copy goes at this contact.
      await this.db.delete(offlineGrants).where(eq(offlineGrants.id, grant.id));
      auditOutcome('failure', 'offline_gone');
      return null;
    }
    const material = await this.give(caller, member, credential, workstation, grant);
    if (!material) auditOutcome('failure', 'offline_gone');
    return material;
  }

  /** The member may still sign in at a workstation: not blocked, the group allows it, the identity holds. */
  private async mayStay(member: MemberRow, now: Date): Promise<boolean> {
    if (member.blocked || identityExpired(member, now)) return false;
    if (!member.groupId) return true;
    const [group] = await this.db
      .select({ on: configurations.workstationLoginEnabled })
      .from(configurations)
      .where(eq(configurations.id, member.groupId));
    return group?.on ?? true;
  }

  /**
   * Computes and hashes the values, then writes the grant: the machine's one for this member and
   * credential, new or replaced (a sign-in), or `renewed` if its refill token is still the one
   * read (a refill; null when another refill or a revocation came first). The hashing, which
   * takes a while, comes before any write.
   */
  private async give(
    caller: WorkstationCaller,
    member: MemberRow,
    credential: CredentialRow,
    settings: { offline_days: number; offline_hotp_values: number; offline_totp_hours: number },
    renewed: GrantRow | null,
  ): Promise<OfflineMaterial | null> {
    const now = this.now();
    const kind = credential.type as OfflineKind;
    const secret = this.box.decrypt(credential.secretEnc ?? '');
    const params = credential.params as {
      algorithm: Algorithm;
      digits: number;
      period?: number;
      window?: number;
      drift?: number;
    };
    const digits = Number(params.digits);
    let ats: number[];
    let code: (at: number) => string;
    let period = 0;
    if (kind === 'hotp') {
      ats = Array.from({ length: settings.offline_hotp_values }, (_, i) => credential.counter + i);
      const p = { algorithm: params.algorithm, digits, window: Number(params.window ?? 0) };
      code = (at) => hotpAt(secret, p, at);
    } else {
      period = Number(params.period ?? 30);
      // A resynchronised hardware token's clock runs `drift` steps off ours: the machine looks
      // values up by its own clock (ours), and the counter is on the token's clock.
      const drift = Number(params.drift ?? 0);
      // From now on, but never the step last accepted online (the counter): that code is spent.
      const first = Math.max(Math.floor(now.getTime() / 1000 / period), credential.counter + 1 - drift);
      const count = Math.ceil((settings.offline_totp_hours * 3600) / period) + 1;
      ats = Array.from({ length: count }, (_, i) => first + i);
      const p = { algorithm: params.algorithm, digits, period };
      code = (at) => totpAt(secret, p, new Date((at + drift) * period * 1000));
    }
    const values = await Promise.all(ats.map(async (at) => ({ at, hash: await hashPassword(code(at)) })));
    const refill = randomBytes(32).toString('base64url');
    const fields = {
      refillHash: this.box.hmac(refill),
      firstAt: ats[0] ?? 0,
      lastAt: ats[ats.length - 1] ?? 0,
      expiresAt: new Date(now.getTime() + settings.offline_days * DAY_MS),
    };
    let grant: GrantRow | undefined;
    if (renewed) {
      [grant] = await this.db
        .update(offlineGrants)
        .set({ ...fields, refilledAt: now })
        .where(and(eq(offlineGrants.id, renewed.id), eq(offlineGrants.refillHash, renewed.refillHash)))
        .returning();
      if (!grant) return null;
    } else {
      const values = {
        ...fields,
        customerId: member.customerId,
        memberId: member.id,
        credentialId: credential.id,
        keyId: caller.key.id,
        machine: caller.machine,
        kind,
        issuedAt: now,
      };
      [grant] = await this.db
        .insert(offlineGrants)
        .values(values)
        .onConflictDoUpdate({
          target: [offlineGrants.memberId, offlineGrants.credentialId, offlineGrants.machine],
          set: { ...fields, keyId: caller.key.id, issuedAt: now, refilledAt: null },
        })
        .returning();
    }
    if (!grant) throw new Error('offline grant not written');
    auditDetails({ offline: { grant_id: grant.id, kind, values: values.length } });
    return {
      id: grant.id,
      username: member.username,
      kind,
      digits,
      period,
      values,
      refill_token: refill,
      expires_at: grant.expiresAt.toISOString(),
    };
  }

  /** The machines holding the member's offline material, newest first (the member's Workstation tab). */
  async list(customerId: string, memberId: string, q: { page?: string; page_size?: string }) {
    await customerRow(this.db, members, customerId, memberId);
    const { page: p, size, offset } = paging(q);
    const where = and(
      eq(offlineGrants.customerId, customerId),
      eq(offlineGrants.memberId, memberId),
      gt(offlineGrants.expiresAt, this.now()),
    );
    const rows = await this.db
      .select()
      .from(offlineGrants)
      .where(where)
      .orderBy(desc(offlineGrants.issuedAt), desc(offlineGrants.id))
      .limit(size)
      .offset(offset);
    const total = await this.db.$count(offlineGrants, where);
    const results: OfflineGrant[] = rows.map((g) => ({
      id: g.id,
      machine: g.machine,
      kind: g.kind,
      values: g.lastAt - g.firstAt + 1,
      issued_at: g.issuedAt.toISOString(),
      refilled_at: g.refilledAt?.toISOString() ?? null,
      expires_at: g.expiresAt.toISOString(),
    }));
    return page(results, total, p, size);
  }

  /** Revokes one machine's material: its next contact deletes it there. */
  async revoke(customerId: string, memberId: string, grantId: string): Promise<void> {
    const member = await customerRow(this.db, members, customerId, memberId);
    const grant = await customerRow(this.db, offlineGrants, customerId, grantId, eq(offlineGrants.memberId, memberId));
    auditTarget(member.id, member.username);
    auditDetails({ machine: grant.machine, grant_id: grant.id });
    await this.db.delete(offlineGrants).where(eq(offlineGrants.id, grant.id));
  }
}
