/** Flows: the stages a member passes to sign in to an application (spec 3, "Flow"). */
import type { CredentialType } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerRef } from './tenancy.ts';

export const flows = pgTable(
  'flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    /** Ordered stages, each the credential kinds a member may choose from at that step. */
    stages: jsonb('stages').$type<CredentialType[][]>().notNull(),
    terminatingCredentials: text('terminating_credentials').array().$type<CredentialType[]>().notNull().default([]),
    /** Every kind of every stage, kept by the service so the `credential` filter can use an index. */
    kinds: text('kinds').array().$type<CredentialType[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flows_customer_name_idx').on(t.customerId, sql`lower(${t.name})`),
    index('flows_kinds_idx').using('gin', t.kinds),
  ],
);
