/**
 * A customer's manager users (managerUsers contract): its staff accounts, which its reseller
 * creates, blocks, gives API keys and scopes, resets and re-addresses. Callers pass a customer
 * already scoped to the reseller (lib/scoped-customer.ts); every user is looked up within it.
 */
import {
  EMAIL_CHANGE_TTL_S,
  fieldError,
  type ManagerUser,
  type ManagerUserCreate,
  type ManagerUserUpdate,
  managerUserCreateSchema,
} from '@portiere/contracts';
import { and, asc, count, eq, ilike, ne, or } from 'drizzle-orm';
import { auditChange, auditDetails, auditStaffActor, auditTarget } from '../../audit/context.ts';
import { grantedScopes, newApiKey } from '../../auth/api-keys.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { type customers, staffUsers } from '../../db/schema/index.ts';
import { assertEmail } from '../../lib/assert-email.ts';
import { newOpaqueToken, sha256 } from '../../lib/crypto.ts';
import { orConflict } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { generateLaPassword } from '../../lib/la-password.ts';
import { likeOf } from '../../lib/like-pattern.ts';
import { page, paging } from '../../lib/paging.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { MailKind, MailQueue } from '../../mail/queue.ts';
import {
  ACCOUNT_CREATED_MAIL,
  EMAIL_CHANGE_MAIL,
  EMAIL_CHANGED_MAIL,
  PASSWORD_RESET_MAIL,
} from '../../mail/staff-mail.ts';
import { composeMail } from '../../mail/templates.ts';

type CustomerRow = typeof customers.$inferSelect;
type StaffRow = typeof staffUsers.$inferSelect;

const TEMPORARY_PASSWORD_LENGTH = 16;

const notFound = () => new AppError(404, 'managerUserNotFound');
const emailTaken = () => new AppError(409, 'emailExists');

/** 400 unless an expiration is in the future (null: never). */
function assertFuture(expiration: string | null | undefined, now: Date): void {
  if (expiration && new Date(expiration) <= now)
    throw new AppError(400, 'expirationInPast', undefined, { expiration: fieldError('futureDate') });
}

export class ManagerUsersService {
  constructor(
    private readonly db: Db,
    private readonly mailQueue: MailQueue,
    private readonly tokens: TokenService,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  toManagerUser(u: StaffRow, customer: Pick<CustomerRow, 'licenseExpiration'>): ManagerUser {
    const pending = u.pendingEmail && u.emailChangeExpiresAt && u.emailChangeExpiresAt > this.now();
    return {
      id: u.id,
      email: u.email ?? u.username,
      pending_email: pending ? u.pendingEmail : null,
      scopes: grantedScopes(u.scopes),
      expiration: u.expiration?.toISOString() ?? null,
      has_api_key: u.apiKeyHash !== null,
      blocked: u.blockedAt !== null,
      must_change_password: u.mustChangePassword,
      created_at: u.createdAt.toISOString(),
      license_expiration: customer.licenseExpiration,
    };
  }

  async list(customer: CustomerRow, q: { page?: string; page_size?: string; search?: string }) {
    const { page: pageNo, size, offset } = paging(q);
    const search = q.search?.trim();
    const where = and(
      eq(staffUsers.customerId, customer.id),
      search ? ilike(staffUsers.email, likeOf(search)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(staffUsers)
        .where(where)
        .orderBy(asc(staffUsers.email), asc(staffUsers.id))
        .limit(size)
        .offset(offset),
      this.db.select({ n: count() }).from(staffUsers).where(where),
    ]);
    return page(
      rows.map((u) => this.toManagerUser(u, customer)),
      total?.n ?? 0,
      pageNo,
      size,
    );
  }

  private async row(customer: CustomerRow, userId: string): Promise<StaffRow> {
    if (!isUuid(userId)) throw notFound();
    const [row] = await this.db
      .select()
      .from(staffUsers)
      .where(and(eq(staffUsers.id, userId), eq(staffUsers.customerId, customer.id)));
    if (!row) throw notFound();
    return row;
  }

  /** 409 emailExists when any staff account signs in with, or is addressed at, `email`. */
  private async assertEmailFree(email: string): Promise<void> {
    const [taken] = await this.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(or(eq(staffUsers.username, email), eq(staffUsers.email, email)))
      .limit(1);
    if (taken) throw emailTaken();
  }

  /**
   * A new manager user (username = email) with a random temporary password, changed at the first
   * sign-in; the password goes by mail only. Also makes a new customer's first manager user.
   */
  async create(customer: CustomerRow, input: ManagerUserCreate, field = 'email'): Promise<ManagerUser> {
    const { email, scopes, expiration } = managerUserCreateSchema.parse(input);
    assertEmail(field, email);
    assertFuture(expiration, this.now());
    await this.assertEmailFree(email);
    const password = generateLaPassword(TEMPORARY_PASSWORD_LENGTH);
    const [row] = await orConflict(
      async () =>
        this.db
          .insert(staffUsers)
          .values({
            userType: 'CustomerUser',
            customerId: customer.id,
            username: email,
            email,
            passwordHash: await hashPassword(password),
            mustChangePassword: true,
            scopes,
            expiration: expiration ? new Date(expiration) : null,
            createdAt: this.now(),
          })
          .returning(),
      emailTaken,
    );
    if (!row) throw new Error('insert failed');
    auditTarget(row.id, email);
    auditDetails({ scopes, expiration });
    await this.mail('account_created', email, ACCOUNT_CREATED_MAIL, {
      customer: customer.name,
      username: email,
      password,
    });
    return this.toManagerUser(row, customer);
  }

  /** Scopes and expiration, only those sent. */
  async update(customer: CustomerRow, userId: string, patch: ManagerUserUpdate): Promise<ManagerUser> {
    const current = await this.row(customer, userId);
    assertFuture(patch.expiration, this.now());
    const set: Partial<typeof staffUsers.$inferInsert> = {};
    if (patch.scopes !== undefined) set.scopes = grantedScopes(patch.scopes);
    if (patch.expiration !== undefined) set.expiration = patch.expiration ? new Date(patch.expiration) : null;
    const before = this.toManagerUser(current, customer);
    auditTarget(current.id, before.email);
    if (!Object.keys(set).length) return before;
    const [row] = await this.db.update(staffUsers).set(set).where(eq(staffUsers.id, current.id)).returning();
    const after = this.toManagerUser(row ?? current, customer);
    auditChange(before, after);
    return after;
  }

  /** A new key, answered once: the old one stops at the next request (its hash is gone). */
  async resetApiKey(customer: CustomerRow, userId: string): Promise<{ api_key: string }> {
    const current = await this.row(customer, userId);
    auditTarget(current.id, current.email);
    const { key, keyId, hash } = await newApiKey();
    await this.db.update(staffUsers).set({ apiKeyId: keyId, apiKeyHash: hash }).where(eq(staffUsers.id, current.id));
    return { api_key: key };
  }

  /** A mailed temporary password, changed at the next sign-in; every session of the user ends. */
  async resetPassword(customer: CustomerRow, userId: string): Promise<void> {
    const current = await this.row(customer, userId);
    auditTarget(current.id, current.email);
    const password = generateLaPassword(TEMPORARY_PASSWORD_LENGTH);
    await this.db
      .update(staffUsers)
      .set({ passwordHash: await hashPassword(password), mustChangePassword: true })
      .where(eq(staffUsers.id, current.id));
    await this.tokens.revokeAllOf(current.id, 'password_reset');
    await this.mail('password_reset', current.email ?? current.username, PASSWORD_RESET_MAIL, {
      username: current.username,
      password,
    });
  }

  /**
   * Keeps the new address pending and mails a single-use link to it; nothing else changes
   * until the link is followed (confirmEmail). A newer request replaces an older link.
   */
  async changeEmail(customer: CustomerRow, userId: string, email: string): Promise<ManagerUser> {
    const current = await this.row(customer, userId);
    auditTarget(current.id, current.email);
    assertEmail('email', email);
    await this.assertEmailFree(email);
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(this.now().getTime() + EMAIL_CHANGE_TTL_S * 1000);
    const [row] = await this.db
      .update(staffUsers)
      .set({ pendingEmail: email, emailChangeHash: hash, emailChangeExpiresAt: expiresAt })
      .where(eq(staffUsers.id, current.id))
      .returning();
    auditDetails({ pending_email: email });
    await this.mail(
      'email_change',
      email,
      EMAIL_CHANGE_MAIL,
      {
        username: current.username,
        confirm_link: { link: `${this.publicUrl}/confirm-email/${token}` },
        hours: EMAIL_CHANGE_TTL_S / 3600,
      },
      expiresAt,
    );
    return this.toManagerUser(row ?? current, customer);
  }

  /** Follows a confirmation link: username and email change together, once; the old address is told. */
  async confirmEmail(token: string): Promise<void> {
    const hash = sha256(token);
    const [row] = await this.db.select().from(staffUsers).where(eq(staffUsers.emailChangeHash, hash));
    if (!row?.pendingEmail || !row.emailChangeExpiresAt || row.emailChangeExpiresAt <= this.now())
      throw new AppError(400, 'emailChangeInvalid');
    const tenant = row.customerId
      ? { id: row.customerId, type: 'customer' as const }
      : { id: row.resellerId ?? '', type: 'reseller' as const };
    auditStaffActor(tenant, row.id, row.username);
    const email = row.pendingEmail;
    const [taken] = await this.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(or(eq(staffUsers.username, email), eq(staffUsers.email, email)), ne(staffUsers.id, row.id)))
      .limit(1);
    if (taken) throw emailTaken();
    // Spent atomically: of two requests with one link only one finds the hash still there.
    const spent = await orConflict(
      () =>
        this.db
          .update(staffUsers)
          .set({ username: email, email, pendingEmail: null, emailChangeHash: null, emailChangeExpiresAt: null })
          .where(and(eq(staffUsers.id, row.id), eq(staffUsers.emailChangeHash, hash)))
          .returning({ id: staffUsers.id }),
      emailTaken,
    );
    if (!spent.length) throw new AppError(400, 'emailChangeInvalid');
    auditTarget(row.id, email);
    auditDetails({ before: { email: row.email }, after: { email } });
    await this.mail('email_changed', row.email ?? row.username, EMAIL_CHANGED_MAIL, {
      old_username: row.username,
      username: email,
    });
  }

  /** A blocked user cannot sign in, and its sessions and API key stop at once. */
  async setBlocked(customer: CustomerRow, userId: string, blocked: boolean): Promise<ManagerUser> {
    const current = await this.row(customer, userId);
    auditTarget(current.id, current.email);
    const [row] = await this.db
      .update(staffUsers)
      .set({ blockedAt: blocked ? (current.blockedAt ?? this.now()) : null })
      .where(eq(staffUsers.id, current.id))
      .returning();
    if (blocked) await this.tokens.revokeAllOf(current.id, 'blocked');
    return this.toManagerUser(row ?? current, customer);
  }

  /** Queued in the request's transaction (mail/queue.ts): it goes once the change commits. */
  private async mail(
    kind: MailKind,
    to: string,
    template: { subject: string; content: string },
    tags: Parameters<typeof composeMail>[1],
    expiresAt?: Date,
  ) {
    const mail = { to, ...composeMail(template, { console_url: `${this.publicUrl}/`, ...tags }) };
    await this.mailQueue.enqueue(kind, mail, { expiresAt });
  }
}
