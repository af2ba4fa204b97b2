/** Resellers, their customers and the staff accounts that sign in to the console. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customers_reseller_idx').on(t.resellerId, t.name)],
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
    apiKeyHash: text('api_key_hash'),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    expiration: timestamp('expiration', { withTimezone: true }),
    /** Set while an administrator has blocked the account: no sign-in, and live tokens stop working. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_users_customer_idx').on(t.customerId),
    index('staff_users_reseller_idx').on(t.resellerId),
    check(
      'staff_users_tenant_chk',
      sql`(${t.userType} = 'CustomerUser' and ${t.customerId} is not null and ${t.resellerId} is null) or (${t.userType} = 'ResellerUser' and ${t.resellerId} is not null and ${t.customerId} is null)`,
    ),
  ],
);
