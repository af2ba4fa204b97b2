/**
 * Web login (OpenID Connect, issue 16): the provider's own records (oidc-provider's models,
 * kept here so that every node sees them), its signing keys, the members' web logins in
 * progress, the approvals asked of a member's app, and the record of each sign-in (written by the
 * sign-in engine for every channel that keeps one).
 */
import type { CredentialType, ProvedKind, SignInChannelName, SignInFailureReason } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { credentials, members } from './members.ts';
import { type SentAt, signInProgressColumns } from './signInProgress.ts';
import { customerRef } from './tenancy.ts';

/**
 * oidc-provider's models (sessions, interactions, grants, codes, tokens...) by model name and
 * id. The columns beside the payload are the lookups the provider's adapter makes.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    /** The model: Session, Interaction, Grant, AuthorizationCode, RefreshToken... */
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    /** A session's uid. */
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
    // Blocking a member deletes every session, grant and token that names them.
    index('oidc_payloads_account_idx').on(sql`(${t.payload}->>'accountId')`),
  ],
);

/**
 * The provider's RS256 signing keys. The newest unretired key signs; retired ones stay published
 * in the JWKS for the longest token lifetime, so tokens signed before a rotation still verify.
 */
export const oidcKeys = pgTable(
  'oidc_keys',
  {
    kid: text('kid').primaryKey(),
    /** The private JWK, AES-256-GCM sealed with the instance secret. */
    privateJwkEnc: text('private_jwk_enc').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [index('oidc_keys_retired_idx').on(t.retiredAt)],
);

export type { SentAt };

/**
 * A member's web login in progress, one per provider interaction (its uid). The table keeps its
 * first name, oidc_sign_ins: renaming it would be a migration on every install for no reader. The member is
 * null until identified, and for a username or card that names nobody: such a sign-in walks the
 * flow like any other and never succeeds.
 */
export const webLogins = pgTable(
  'oidc_sign_ins',
  {
    uid: text('uid').primaryKey(),
    customerId: customerRef(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    /** As typed, or the card's code hidden; null before identify. */
    username: text('username'),
    /** The flow walked, copied at identify. */
    stages: jsonb('stages').$type<CredentialType[][]>(),
    ...signInProgressColumns<'done' | 'aborted' | SignInFailureReason>(),
  },
  (t) => [
    index('oidc_sign_ins_expires_idx').on(t.expiresAt),
    index('oidc_sign_ins_member_idx').on(t.memberId),
    index('oidc_sign_ins_application_idx').on(t.applicationId),
    index('oidc_sign_ins_customer_idx').on(t.customerId),
  ],
);

/** A sign-in's request to the member's app, answered by the device (device/approvals/). */
export const appApprovals = pgTable(
  'app_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => credentials.id, { onDelete: 'cascade' }),
    /** The sign-in that asked: its interaction (oidc_sign_ins.uid) or workstation sign-in id. */
    uid: text('uid').notNull(),
    /** The application signed in to; null at a workstation, which `machine` names instead. */
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    machine: text('machine'),
    status: text('status', { enum: ['pending', 'approved', 'denied'] })
      .notNull()
      .default('pending'),
    /** Number matching: the number the sign-in shows, and the ones the app offers (it among them). */
    number: integer('number').notNull().default(0),
    choices: jsonb('choices').$type<number[]>().notNull().default([]),
    /** Where the sign-in came from, for the app to show. */
    ip: text('ip'),
    /** A denial's why: the member denied, picked another number, or reported it. */
    denial: text('denial', { enum: ['denied_on_app', 'wrong_number', 'reported_by_member'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('app_approvals_credential_idx').on(t.credentialId, t.status, t.expiresAt),
    index('app_approvals_uid_idx').on(t.uid, t.createdAt),
    index('app_approvals_application_idx').on(t.applicationId),
    index('app_approvals_expires_idx').on(t.expiresAt),
  ],
);

/** Each recorded sign-in's outcome (web login, workstation), for the member's detail (users/{id}/sign-ins/). */
export const memberSignIns = pgTable(
  'member_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
    channel: text('channel').$type<SignInChannelName>().notNull().default('web'),
    /** The workstation's machine name. */
    machine: text('machine'),
    outcome: text('outcome', { enum: ['success', 'failure', 'abort'] }).notNull(),
    reason: text('reason').$type<SignInFailureReason>(),
    kinds: jsonb('kinds').$type<ProvedKind[]>().notNull().default([]),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_sign_ins_member_idx').on(t.memberId, t.at.desc(), t.id.desc()),
    index('member_sign_ins_member_outcome_idx').on(t.memberId, t.outcome, t.at.desc(), t.id.desc()),
    // The member's list of one channel (the Web and Workstation tabs).
    index('member_sign_ins_member_channel_idx').on(t.memberId, t.channel, t.at.desc(), t.id.desc()),
    index('member_sign_ins_customer_idx').on(t.customerId, t.at),
    index('member_sign_ins_application_idx').on(t.applicationId),
  ],
);
