/**
 * SAML 2.0 (contracts/saml.ts): each customer's identity provider signing keys, the requests of
 * service providers waiting for their member, and the browser sessions single logout ends.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { members } from './members.ts';
import { customerRef } from './tenancy.ts';

/**
 * A customer's signing key and its self-signed certificate. The newest unretired key signs;
 * the metadata publishes it and those retired within SAML_RETIRED_KEY_PUBLISHED_S, so that a
 * provider that reads the metadata again meets the new one before the old one stops.
 */
export const samlKeys = pgTable(
  'saml_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    /** PEM, published in the metadata. */
    certificate: text('certificate').notNull(),
    /** The PKCS#8 PEM private key, AES-256-GCM sealed with the instance secret. */
    privateKeyEnc: text('private_key_enc').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    index('saml_keys_customer_idx').on(t.customerId, t.createdAt.desc()),
    // At most one active key per customer, whoever makes it first.
    uniqueIndex('saml_keys_active_idx').on(t.customerId).where(sql`${t.retiredAt} is null`),
  ],
);

/**
 * How a request's sign-in ended: the member and what they proved (the response's assertion and
 * AuthnStatement), or a failure the provider is told in the response's status.
 */
export type SamlSignedIn =
  | { memberId: string; amr: string[]; acr: string }
  | { failed: 'AuthnFailed' | 'NoAuthnContext' | 'RequestDenied' };

/**
 * A service provider's request (or an IdP-initiated start) waiting for its member: the web
 * login's pages walk it under `uid` (oidc_sign_ins keeps the progress), then the browser that
 * holds `browser` takes the response to `acsUrl`.
 */
export const samlRequests = pgTable(
  'saml_requests',
  {
    uid: text('uid').primaryKey(),
    customerId: customerRef(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The AuthnRequest's ID (InResponseTo); null when the sign-in started here. */
    requestId: text('request_id'),
    acsUrl: text('acs_url').notNull(),
    relayState: text('relay_state'),
    /** The request asked for a multi-factor AuthnContextClassRef. */
    multiFactor: boolean('multi_factor').notNull().default(false),
    /** SHA-256 of the cookie that binds the request to the browser that brought it. */
    browser: text('browser').notNull(),
    signedIn: jsonb('signed_in').$type<SamlSignedIn>(),
    /** When the response was given: a request is answered once. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('saml_requests_expires_idx').on(t.expiresAt),
    index('saml_requests_application_idx').on(t.applicationId),
    index('saml_requests_customer_idx').on(t.customerId),
  ],
);

/**
 * An assertion given to a service provider, for single logout: the browser's session (SHA-256 of
 * its cookie) names every provider it signed in to, with the NameID and SessionIndex they hold.
 */
export const samlSessions = pgTable(
  'saml_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    browser: text('browser').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    nameId: text('name_id').notNull(),
    sessionIndex: text('session_index').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when single logout reached it. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('saml_sessions_browser_idx').on(t.customerId, t.browser),
    uniqueIndex('saml_sessions_index_idx').on(t.sessionIndex),
    index('saml_sessions_member_idx').on(t.memberId),
    index('saml_sessions_application_idx').on(t.applicationId),
    index('saml_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A single logout going round the browser's service providers (saml-profiles 4.4): the request
 * that started it, answered when every other provider of the browser's session has answered
 * its own LogoutRequest.
 */
export const samlLogouts = pgTable(
  'saml_logouts',
  {
    uid: text('uid').primaryKey(),
    customerId: customerRef(),
    /** The provider that asked, answered last; null when the logout started here. */
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    requestId: text('request_id'),
    relayState: text('relay_state'),
    browser: text('browser').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('saml_logouts_expires_idx').on(t.expiresAt), index('saml_logouts_customer_idx').on(t.customerId)],
);
