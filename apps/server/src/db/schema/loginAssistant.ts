/**
 * Login assistant (spec 2 and 3): its apps, their profiles, login groups with their apps and the
 * members' credentials for them (la_users), the customer's unlock flow, and the assistant's
 * sessions. Every table carries customer_id and every query is scoped by it.
 */
import type { CredentialType, LaAppKind, ProfileStep } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { configurations } from './configurations.ts';
import { flows } from './flows.ts';
import { memberRef, members } from './members.ts';
import { customerRef, customers } from './tenancy.ts';

export const laApps = pgTable(
  'la_apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    kind: text('kind').$type<LaAppKind>().notNull(),
    /** Executable name (desktop) or URL pattern (web). */
    target: text('target').notNull(),
    /**
     * Default profile, for members whose group has no profile of this app; one of its own
     * profiles. No foreign key: it would make la_apps and profiles reference each other, a
     * cycle the backup's table order cannot place; the profiles service clears it instead.
     */
    profileId: uuid('profile_id'),
    /** Counters kept by the services in the transaction that changes them. */
    profilesCount: integer('profiles_count').notNull().default(0),
    loginGroupsCount: integer('login_groups_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('la_apps_customer_name_idx').on(t.customerId, sql`lower(${t.name})`),
    index('la_apps_customer_kind_idx').on(t.customerId, t.kind),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    displayName: text('display_name').notNull(),
    appId: uuid('app_id')
      .notNull()
      .references((): AnyPgColumn => laApps.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => configurations.id, { onDelete: 'cascade' }),
    /** No action: a flow a profile uses stays until the profile lets go of it (as app roles). */
    flowId: uuid('flow_id').references(() => flows.id),
    steps: jsonb('steps').$type<ProfileStep[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_app_group_idx').on(t.appId, t.groupId),
    index('profiles_customer_name_idx').on(t.customerId, sql`lower(${t.displayName})`),
    index('profiles_group_idx').on(t.groupId),
    index('profiles_flow_idx').on(t.flowId),
  ],
);

export const loginGroups = pgTable(
  'login_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Counters kept by the services in the transaction that changes them (spec 3's counts). */
    credentialsCount: integer('credentials_count').notNull().default(0),
    applicationsCount: integer('applications_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_groups_customer_name_idx').on(t.customerId, sql`lower(${t.name})`)],
);

export const loginGroupApps = pgTable(
  'login_group_apps',
  {
    loginGroupId: uuid('login_group_id')
      .notNull()
      .references(() => loginGroups.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => laApps.id, { onDelete: 'cascade' }),
    customerId: customerRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.loginGroupId, t.appId] }), index('login_group_apps_app_idx').on(t.appId)],
);

export const laUsers = pgTable(
  'la_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    memberId: memberRef(),
    /** No action: the delete guard of login groups (spec 4) refuses while credentials remain. */
    loginGroupId: uuid('login_group_id')
      .notNull()
      .references(() => loginGroups.id),
    username: text('username').notNull(),
    /** AES-256-GCM sealed: the assistant must type it, so it cannot be a one-way hash. Never returned to staff. */
    passwordEnc: text('password_enc').notNull(),
    passwordGenerated: boolean('password_generated').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    autologon: boolean('autologon').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('la_users_member_group_idx').on(t.memberId, t.loginGroupId),
    index('la_users_group_idx').on(t.loginGroupId, t.createdAt),
    index('la_users_customer_created_idx').on(t.customerId, t.createdAt, t.id),
  ],
);

/** The assistant's unlock flow: one row per customer, absent until first saved. */
export const laFlows = pgTable('la_flows', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  stages: jsonb('stages').$type<CredentialType[][]>().notNull(),
  terminatingCredentials: text('terminating_credentials').array().$type<CredentialType[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Assistant sign-ins in progress and assistant sessions. A sign-in row walks its flow's stages
 * (a snapshot, so an edit mid-way does not change the rules); when done, a session row holds
 * the bearer token's hash. member_id is null for an unknown username, which is walked through
 * the same stages and fails like a wrong code.
 */
export const assistantSessions = pgTable(
  'assistant_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['sign_in', 'session'] }).notNull(),
    /** SHA-256 of the opaque token (sign_in_id or bearer token). */
    tokenHash: text('token_hash').notNull(),
    /** Sign-in: the flow's stages and terminating kinds as they were at start, and the stage reached. */
    stages: jsonb('stages').$type<CredentialType[][]>(),
    terminating: text('terminating').array().$type<CredentialType[]>(),
    stage: integer('stage').notNull().default(0),
    /** Sign-in: the username as typed (lower case), for the throttle, known or not; and its wrong answers. */
    username: text('username'),
    failures: integer('failures').notNull().default(0),
    /** Step-up sign-in: the app it unlocks and the session it extends. Session: the apps unlocked. */
    appId: uuid('app_id'),
    parentId: uuid('parent_id'),
    unlockedApps: uuid('unlocked_apps').array().$type<string[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assistant_sessions_token_idx').on(t.tokenHash),
    index('assistant_sessions_expires_idx').on(t.expiresAt),
    index('assistant_sessions_member_idx').on(t.memberId),
    // Sign-out ends the session's step-ups.
    index('assistant_sessions_parent_idx').on(t.parentId),
  ],
);
