/**
 * Counters kept in the transaction of every change that moves them (modules/members/tallies.ts),
 * so that counts and deep pages of a million members read a few rows instead of the members.
 * No triggers: a backup restore copies these rows back as they were (member_search, a copy of
 * member columns, is the one table kept by triggers: db/schema/members.ts).
 */
import type { CredentialType, SignInChannelName } from '@portiere/contracts';
import { boolean, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customerRef } from './tenancy.ts';

/** members_counts.group_id of members without a configuration group (a key column cannot be null). */
export const NO_GROUP = '00000000-0000-0000-0000-000000000000';

/**
 * Members per class: one row per combination of the columns the list filters on. Any count
 * without a search or date range is a sum over a customer's few rows.
 */
export const memberCounts = pgTable(
  'member_counts',
  {
    customerId: customerRef(),
    groupId: uuid('group_id').notNull(),
    enrolled: boolean('enrolled').notNull(),
    blocked: boolean('blocked').notNull(),
    credentialKinds: integer('credential_kinds').notNull(),
    windowsLogin: boolean('windows_login').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'member_counts_pk',
      columns: [t.customerId, t.groupId, t.enrolled, t.blocked, t.credentialKinds, t.windowsLogin],
    }),
  ],
);

/**
 * Anchors of the members list in each ordering: an anchor starts a run of the customer's members
 * (from its key to the next anchor's, by sort key then id) and counts them, so a page deep in
 * the list starts from the nearest anchor instead of skipping every row before it. Text keys
 * are in key_text (key_time is -infinity), time keys in key_time (key_text is ''); the first
 * anchor of each ordering is ('', -infinity, nil uuid), before every row.
 */
export const memberAnchors = pgTable(
  'member_anchors',
  {
    customerId: customerRef(),
    sort: text('sort').notNull(),
    keyText: text('key_text').notNull(),
    keyTime: timestamp('key_time', { withTimezone: true }).notNull(),
    /** The id half of the start key; the member may be gone since (the key stays a bound). */
    memberId: uuid('member_id').notNull(),
    n: integer('n').notNull(),
    /** Of those, how many each single-column filter keeps (ANCHOR_TALLIES in members/tallies.ts). */
    tallies: integer('tallies').array().notNull(),
  },
  (t) => [primaryKey({ name: 'member_anchors_pk', columns: [t.customerId, t.sort, t.keyText, t.keyTime, t.memberId] })],
);

/** Credentials per kind: all, usable on the web, usable for Windows login (the dashboard). */
export const credentialCounts = pgTable(
  'credential_counts',
  {
    customerId: customerRef(),
    type: text('type').$type<CredentialType>().notNull(),
    total: integer('total').notNull(),
    web: integer('web').notNull(),
    workstation: integer('workstation').notNull(),
  },
  (t) => [primaryKey({ name: 'credential_counts_pk', columns: [t.customerId, t.type] })],
);

/**
 * Sign-ins per customer, channel, day and outcome (the dashboard's last 30 days): one row each,
 * added to after the sign-in's transaction commits (signIn/records.ts), so that concurrent
 * sign-ins hold its lock only for that one statement.
 */
export const signInTallies = pgTable(
  'sign_in_tallies',
  {
    customerId: customerRef(),
    channel: text('channel').$type<SignInChannelName>().notNull(),
    day: date('day').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure', 'abort'] }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'sign_in_tallies_pk', columns: [t.customerId, t.day, t.channel, t.outcome] })],
);
