/** Configurations (the spec's configuration groups): which credential kinds and logins their members get. */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerRef } from './tenancy.ts';

export const configurations = pgTable(
  'configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    appCredentialBiometry: text('app_credential_biometry', { enum: ['none', 'weak', 'strong'] })
      .notNull()
      .default('none'),
    workstationLoginEnabled: boolean('workstation_login_enabled').notNull().default(true),
    webLoginEnabled: boolean('web_login_enabled').notNull().default(true),
    /** Credential kinds members of the group may hold (password, pin, app, mail, sms, totp, hotp). */
    allowed: jsonb('allowed').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its name or external id last changed (a trigger: migration 0036): SCIM's meta.lastModified. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The directory's own id of the group (SCIM externalId); one group per id in a customer. */
    externalId: text('external_id'),
  },
  (t) => [
    uniqueIndex('configurations_customer_name_idx').on(t.customerId, t.name),
    uniqueIndex('configurations_customer_external_id_idx')
      .on(t.customerId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    // The list's filters (groups/?web_login, workstation_login, biometry).
    index('configurations_customer_web_login_idx').on(t.customerId, t.webLoginEnabled),
    index('configurations_customer_workstation_login_idx').on(t.customerId, t.workstationLoginEnabled),
    index('configurations_customer_biometry_idx').on(t.customerId, t.appCredentialBiometry),
  ],
);
