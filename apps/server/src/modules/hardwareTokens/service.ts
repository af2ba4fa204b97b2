/**
 * Hardware OTP tokens: imported from the vendor's PSKC file into stock, assigned to a member as
 * a HOTP/TOTP credential made from the token's seed, resynchronised, retired. The seed is sealed
 * with the instance key on import and leaves the server only as the codes the token shows.
 */
import {
  ERRORS,
  fieldError,
  formatMessage,
  type HardwareToken,
  type HardwareTokenAssign,
  type HardwareTokenImport,
  type HardwareTokenImportResult,
  type HardwareTokenState,
} from '@portiere/contracts';
import { and, asc, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { auditDetails, auditTarget } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { credentials, hardwareTokens, members } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { customerRow } from '../../lib/customer-row.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { likeOf } from '../../lib/like-pattern.ts';
import { page, paging } from '../../lib/paging.ts';
import type { Algorithm } from '../credentials/otp.ts';
import type { CredentialsService } from '../credentials/service.ts';
import type { MembersService } from '../members/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { type PskcKey, readPskc } from './pskc.ts';
import { hotpResync, totpResync } from './resync.ts';

type TokenRow = typeof hardwareTokens.$inferSelect;

/** SQL of each state (the state is not stored: see the table). */
export function stateWhere(state: HardwareTokenState): SQL {
  if (state === 'retired') return isNotNull(hardwareTokens.retiredAt);
  const live = isNull(hardwareTokens.retiredAt);
  const held = state === 'assigned' ? isNotNull(hardwareTokens.credentialId) : isNull(hardwareTokens.credentialId);
  return and(live, held) ?? sql`false`;
}

const stateOf = (row: TokenRow): HardwareTokenState =>
  row.retiredAt ? 'retired' : row.credentialId ? 'assigned' : 'stock';

function toToken(row: TokenRow, member: { id: string; username: string } | null): HardwareToken {
  return {
    id: row.id,
    serial: row.serial,
    kind: row.kind,
    digits: row.digits,
    algorithm: row.algorithm,
    period: row.period,
    manufacturer: row.manufacturer,
    state: stateOf(row),
    member: row.credentialId ? member : null,
    credential_id: row.credentialId,
    imported_at: row.importedAt.toISOString(),
  };
}

export class HardwareTokensService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly members: MembersService,
    private readonly credentials: CredentialsService,
    private readonly settings: SettingsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Tokens with their holder: the member of the credential holding the seed. */
  private select() {
    return this.db
      .select({ token: hardwareTokens, memberId: members.id, username: members.username })
      .from(hardwareTokens)
      .leftJoin(credentials, eq(credentials.id, hardwareTokens.credentialId))
      .leftJoin(members, eq(members.id, credentials.memberId));
  }

  async list(customerId: string, q: { page?: string; page_size?: string; state?: string; search?: string }) {
    const { page: p, size, offset } = paging(q);
    const parts: SQL[] = [eq(hardwareTokens.customerId, customerId)];
    if (q.state) {
      const states = [...new Set(q.state.split(','))] as HardwareTokenState[];
      parts.push(or(...states.map(stateWhere)) ?? sql`false`);
    }
    if (q.search?.trim()) parts.push(ilike(hardwareTokens.serial, likeOf(q.search.trim())));
    const where = and(...parts);
    const rows = await this.select().where(where).orderBy(asc(hardwareTokens.serial)).limit(size).offset(offset);
    const [total] = await this.db.select({ n: count() }).from(hardwareTokens).where(where);
    return page(
      rows.map((r) => toToken(r.token, r.memberId && r.username ? { id: r.memberId, username: r.username } : null)),
      total?.n ?? 0,
      p,
      size,
    );
  }

  async get(customerId: string, id: string): Promise<HardwareToken> {
    const row = await customerRow(this.db, hardwareTokens, customerId, id);
    const [holder] = await this.select().where(eq(hardwareTokens.id, row.id));
    return toToken(
      row,
      holder?.memberId && holder.username ? { id: holder.memberId, username: holder.username } : null,
    );
  }

  /**
   * Reads the whole file first: a file refused as a whole (wrong key, altered, not PSKC) imports
   * nothing. Serials already held, or twice in the file, are skipped.
   */
  async import(customerId: string, input: HardwareTokenImport): Promise<HardwareTokenImportResult> {
    const psk = input.pre_shared_key ? Buffer.from(input.pre_shared_key, 'hex') : undefined;
    const entries = readPskc(input.pskc, psk);
    const result: HardwareTokenImportResult = { imported: 0, skipped: [], errors: [] };
    const seen = new Set<string>();
    const keys: PskcKey[] = [];
    for (const entry of entries) {
      if ('failed' in entry) {
        const { key, code } = entry.failed;
        result.errors.push({ key, code, reason: formatMessage(ERRORS[code]) });
      } else if (seen.has(entry.key.serial)) {
        result.skipped.push(entry.key.serial);
      } else {
        seen.add(entry.key.serial);
        keys.push(entry.key);
      }
    }
    // In batches, so a vendor's file of thousands of tokens stays within statement limits.
    for (let i = 0; i < keys.length; i += 500) {
      const batch = keys.slice(i, i + 500);
      const inserted = await this.db
        .insert(hardwareTokens)
        .values(
          batch.map((k) => ({
            customerId,
            serial: k.serial,
            kind: k.kind,
            algorithm: k.algorithm,
            digits: k.digits,
            period: k.period,
            counter: k.counter,
            manufacturer: k.manufacturer,
            secretEnc: this.box.encrypt(new Secret({ buffer: new Uint8Array(k.secret).buffer }).base32),
          })),
        )
        .onConflictDoNothing()
        .returning({ serial: hardwareTokens.serial });
      const added = new Set(inserted.map((r) => r.serial));
      result.imported += added.size;
      result.skipped.push(...batch.filter((k) => !added.has(k.serial)).map((k) => k.serial));
    }
    auditDetails({ imported: result.imported, skipped: result.skipped.length, errors: result.errors.length });
    return result;
  }

  private async memberOf(customerId: string, input: HardwareTokenAssign) {
    if (input.member_id) return this.members.row(customerId, input.member_id);
    if (!input.username) {
      throw new AppError(400, 'hardwareTokenMemberNeeded', undefined, { username: fieldError('required') });
    }
    const [row] = await this.db
      .select({ id: members.id })
      .from(members)
      .where(
        and(eq(members.customerId, customerId), sql`lower(${members.username}) = lower(${input.username.trim()})`),
      );
    if (!row) throw new AppError(422, 'memberUsernameUnknown');
    return this.members.row(customerId, row.id);
  }

  /** The member's HOTP/TOTP credential from the token's seed; the token is then assigned. */
  async assign(customerId: string, id: string, input: HardwareTokenAssign): Promise<HardwareToken> {
    const token = await customerRow(this.db, hardwareTokens, customerId, id);
    auditTarget(token.id, token.serial);
    if (stateOf(token) !== 'stock') throw new AppError(409, 'hardwareTokenNotInStock');
    const { settings } = await this.settings.get(customerId);
    if (!settings.cms.token) throw new AppError(403, 'hardwareTokensDisabled');
    const member = await this.memberOf(customerId, input);
    const credential = await this.credentials.adoptToken(
      customerId,
      member.id,
      {
        kind: token.kind,
        serial: token.serial,
        secret: this.box.decrypt(token.secretEnc),
        algorithm: token.algorithm as Algorithm,
        digits: token.digits,
      },
      token.kind === 'totp' ? { period: token.period ?? 30 } : { counter: token.counter },
    );
    // Only a token still in stock is taken: of two assignments at once, one wins (the other rolls back).
    const [row] = await this.db
      .update(hardwareTokens)
      .set({ credentialId: credential.id })
      .where(and(eq(hardwareTokens.id, id), stateWhere('stock')))
      .returning();
    if (!row) throw new AppError(409, 'hardwareTokenNotInStock');
    auditDetails({ member_id: member.id, username: member.username, credential_id: credential.id });
    return toToken(row, { id: member.id, username: member.username });
  }

  /** The assigned token's credential, within the customer. */
  private async heldCredential(customerId: string, id: string) {
    const token = await customerRow(this.db, hardwareTokens, customerId, id);
    auditTarget(token.id, token.serial);
    if (stateOf(token) !== 'assigned' || !token.credentialId) throw new AppError(409, 'hardwareTokenNotAssigned');
    const [credential] = await this.db
      .select()
      .from(credentials)
      .where(and(eq(credentials.id, token.credentialId), eq(credentials.customerId, customerId)));
    if (!credential) throw notFound();
    return { token, credential };
  }

  /**
   * Two consecutive codes move the credential to where the token is: the next HOTP counter, or
   * the TOTP drift. Proof of holding the token, so the wrong-try count and the lock are cleared.
   */
  async resync(customerId: string, id: string, code1: string, code2: string): Promise<HardwareToken> {
    const { token, credential } = await this.heldCredential(customerId, id);
    const secret = this.credentials.secretOf(credential);
    const p = credential.params as { algorithm: Algorithm; digits: number; period?: number };
    const set: Partial<typeof credentials.$inferInsert> = { failedAttempts: 0, locked: false };
    if (token.kind === 'hotp') {
      const next = hotpResync(secret, p, credential.counter, code1, code2);
      if (next === null) throw new AppError(422, 'hardwareTokenResyncFailed');
      set.counter = next;
      auditDetails({ counter: next });
    } else {
      const found = totpResync(secret, { ...p, period: p.period ?? 30 }, this.now(), code1, code2);
      if (!found) throw new AppError(422, 'hardwareTokenResyncFailed');
      set.counter = found.step;
      set.params = { ...credential.params, drift: found.drift };
      auditDetails({ drift_steps: found.drift });
    }
    await this.db.update(credentials).set(set).where(eq(credentials.id, credential.id));
    return this.get(customerId, id);
  }

  /** A lost token: out of service for good, its credential removed. */
  async retire(customerId: string, id: string): Promise<HardwareToken> {
    const token = await customerRow(this.db, hardwareTokens, customerId, id);
    auditTarget(token.id, token.serial);
    if (token.retiredAt) return this.get(customerId, id);
    if (token.credentialId) {
      const [credential] = await this.db
        .select({ memberId: credentials.memberId })
        .from(credentials)
        .where(eq(credentials.id, token.credentialId));
      if (credential) {
        auditDetails({ member_id: credential.memberId, credential_id: token.credentialId });
        await this.credentials.remove(customerId, credential.memberId, token.credentialId);
        // The removal named the credential: the event is the token's.
        auditTarget(token.id, token.serial);
      }
    }
    await this.db
      .update(hardwareTokens)
      .set({ retiredAt: this.now(), credentialId: null })
      .where(eq(hardwareTokens.id, id));
    return this.get(customerId, id);
  }
}
