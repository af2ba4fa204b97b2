/** Applications: the OpenID Connect clients members sign in to (spec 3, "Application"). */
import type { ApplicationType, SamlServiceProvider } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { flows } from './flows.ts';
import { customerRef } from './tenancy.ts';

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    type: text('type').$type<ApplicationType>().notNull(),
    /** Takes the base's settings where this one leaves them empty; a base in use cannot be deleted. */
    baseApplicationId: uuid('base_application_id').references((): AnyPgColumn => applications.id),
    /** Server generated, unique across customers (it names the client to the authorization server). */
    clientId: text('client_id').notNull(),
    /** SHA-256 (hex) of the secret; null for public clients (spa, native) and until one is generated. */
    clientSecretHash: text('client_secret_hash'),
    redirectUri: text('redirect_uri').notNull().default(''),
    callbackUrlSuccessfulLoginFlow: text('callback_url_successful_login_flow').notNull().default(''),
    redirectUriSuccessLoginFlow: text('redirect_uri_success_login_flow').notNull().default(''),
    redirectUriAbortLoginFlow: text('redirect_uri_abort_login_flow').notNull().default(''),
    /** No action (checked at the end of the statement) rather than restrict: see app_roles.flow_id. */
    defaultFlowId: uuid('default_flow_id').references(() => flows.id),
    /** A `saml` application's service provider (contracts/saml.ts); null for the other types. */
    saml: jsonb('saml').$type<SamlServiceProvider>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_customer_name_idx').on(t.customerId, sql`lower(${t.name})`),
    uniqueIndex('applications_client_id_idx').on(t.clientId),
    index('applications_customer_type_idx').on(t.customerId, t.type),
    index('applications_base_idx').on(t.baseApplicationId),
    index('applications_default_flow_idx').on(t.defaultFlowId),
    // An AuthnRequest names its provider by entity ID: one per customer, found by this index.
    uniqueIndex('applications_saml_entity_idx')
      .on(t.customerId, sql`(${t.saml}->>'entityId')`)
      .where(sql`${t.saml} is not null`),
  ],
);
