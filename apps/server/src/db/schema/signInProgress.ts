/**
 * The columns the sign-in engine reads and moves on a channel's sign-ins in progress
 * (signIn/tableProgress.ts): the web login's oidc_sign_ins, the workstation's and RADIUS's
 * tables. Each table adds its own keys (its id, its customer, member and flow) around them.
 */
import type { CredentialType, ProvedKind } from '@portiere/contracts';
import { boolean, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';

/** When each kind was last sent (mail, SMS, the app), ISO strings: the resend interval's clock. */
export type SentAt = Partial<Record<'mail' | 'sms' | 'app', string>>;

export const signInProgressColumns = <Spent extends string>() => ({
  terminating: text('terminating').array().$type<CredentialType[]>().notNull().default([]),
  stage: integer('stage').notNull().default(0),
  proved: jsonb('proved').$type<ProvedKind[]>().notNull().default([]),
  failures: integer('failures').notNull().default(0),
  /** A first answer was right: refusals may now say why. */
  answered: boolean('answered').notNull().default(false),
  /** A recovery code was right: it stands in for the stages recovery mode disabled. */
  recovered: boolean('recovered').notNull().default(false),
  /** Set when the sign-in can go no further: done, or the refusal's reason. */
  spent: text('spent').$type<Spent>(),
  sentAt: jsonb('sent_at').$type<SentAt>().notNull().default({}),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
