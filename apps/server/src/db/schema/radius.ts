/**
 * RADIUS (contracts/radius.ts): the devices a customer lets sign members in over RADIUS, and
 * their sign-ins in progress between two Access-Challenges. Every table carries customer_id;
 * a request is matched to its client by source address first, then by the secret that proves it.
 */
import type { CredentialType, SignInFailureReason } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, inet, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { members } from './members.ts';
import { signInProgressColumns } from './signInProgress.ts';
import { customerRef } from './tenancy.ts';

/** A RADIUS client: a device (or a range of them) and the shared secret it proves its requests with. */
export const radiusClients = pgTable(
  'radius_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    /** An address, or a range in CIDR notation. */
    address: inet('address').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The shared secret, sealed (SecretBox): the server needs it itself to check and sign packets. */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    requireMessageAuthenticator: boolean('require_message_authenticator').notNull().default(true),
    approvalWait: integer('approval_wait').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('radius_clients_customer_idx').on(t.customerId, t.createdAt, t.id),
    // A client's name says which device a sign-in came through: one per name in a customer.
    uniqueIndex('radius_clients_customer_name_idx').on(t.customerId, sql`lower(${t.name})`),
    index('radius_clients_application_idx').on(t.applicationId),
    // Every packet looks its source up among the enabled clients' ranges (address >>= source).
    index('radius_clients_address_idx').using('gist', t.address.op('inet_ops')),
  ],
);

/** A RADIUS sign-in between two challenges, keyed by the opaque State the device sends back. */
export const radiusSignIns = pgTable(
  'radius_sign_ins',
  {
    id: text('id').primaryKey(),
    customerId: customerRef(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => radiusClients.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    stages: jsonb('stages').$type<CredentialType[][]>().notNull(),
    ...signInProgressColumns<'done' | SignInFailureReason>(),
  },
  (t) => [
    index('radius_sign_ins_expires_idx').on(t.expiresAt),
    index('radius_sign_ins_member_idx').on(t.memberId),
    index('radius_sign_ins_client_idx').on(t.clientId),
    index('radius_sign_ins_application_idx').on(t.applicationId),
    index('radius_sign_ins_customer_idx').on(t.customerId),
  ],
);
