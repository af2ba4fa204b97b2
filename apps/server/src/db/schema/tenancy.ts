/** Resellers, their customers and the staff accounts that sign in to the console. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const resellers = pgTable('resellers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resellerId: uuid('reseller_id')
      .notNull()
      .references(() => resellers.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    laEnabled: boolean('la_enabled').notNull().default(false),
    licenses: integer('licenses').notNull().default(0),
    licenseExpiration: date('license_expiration'),
    /** Only the sections the customer changed; defaults fill the rest when read. */
    settings: jsonb('settings').notNull().default({}),
    /** The SMS gateway's API token, AES-256-GCM sealed; never returned (the settings say only whether it is set). */
    smsApiTokenEnc: text('sms_api_token_enc'),
    /**
     * Its members (the licences in use), kept by the members service in the transaction that
     * adds or removes them, so the reseller's customer list reads it instead of counting.
     */
    membersCount: integer('members_count').notNull().default(0),
    /** Its members' recovery modes, all and still active: the dashboard's figure (members/tallies.ts). */
    recoveryModesCount: integer('recovery_modes_count').notNull().default(0),
    recoveryModesActive: integer('recovery_modes_active').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_reseller_idx').on(t.resellerId, t.name),
    // The reseller's customers list filter on the login assistant.
    index('customers_reseller_la_idx').on(t.resellerId, t.laEnabled),
    // A reseller tells its customers apart by name.
    uniqueIndex('customers_reseller_name_idx').on(t.resellerId, sql`lower(${t.name})`),
  ],
);

/** The customer that owns a row: most tables have one, and every query is scoped by it. */
export const customerRef = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userType: text('user_type', { enum: ['CustomerUser', 'ResellerUser'] }).notNull(),
    resellerId: uuid('reseller_id').references(() => resellers.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** An email address, stored lower-case; unique across the platform. */
    username: text('username').notNull().unique(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * The API key (`ptk_<id>_<secret>`, managerUsers contract): its id finds the row, the
     * secret is kept as an argon2id hash. Both null while the user has no key.
     */
    apiKeyId: text('api_key_id').unique(),
    apiKeyHash: text('api_key_hash'),
    /** What the API key may do (API_KEY_SCOPES); other values are ignored. */
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    /** When the account (its sign-in and its API key) stops working; null for never. */
    expiration: timestamp('expiration', { withTimezone: true }),
    /**
     * An email change waiting for its confirmation link: the new address, the SHA-256 of the
     * link's single-use token and when the link expires.
     */
    pendingEmail: text('pending_email'),
    emailChangeHash: text('email_change_hash').unique(),
    emailChangeExpiresAt: timestamp('email_change_expires_at', { withTimezone: true }),
    /** Set while an administrator has blocked the account: no sign-in, and live tokens stop working. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A customer's manager users, listed by email.
    index('staff_users_customer_email_idx').on(t.customerId, t.email, t.id),
    index('staff_users_reseller_idx').on(t.resellerId),
    check(
      'staff_users_tenant_chk',
      sql`(${t.userType} = 'CustomerUser' and ${t.customerId} is not null and ${t.resellerId} is null) or (${t.userType} = 'ResellerUser' and ${t.resellerId} is not null and ${t.customerId} is null)`,
    ),
  ],
);
