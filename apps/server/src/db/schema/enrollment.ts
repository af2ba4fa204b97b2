/**
 * Enrolment links (issue 15): one row per link mailed to a member. The signed token carries the
 * row's jti; the row says whether the link is still open. Completing through any link spends
 * all of the member's open links; a newer link does not spend older ones (they expire).
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { memberRef } from './members.ts';
import { customerRef } from './tenancy.ts';

export const enrollmentLinks = pgTable(
  'enrollment_links',
  {
    /** The token's jti: 128 random bits, base64url. */
    jti: text('jti').primaryKey(),
    customerId: customerRef(),
    memberId: memberRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the member completes (through this link or another of theirs). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the member last asked the managers for a new link through this one (one mail a day per member). */
    lastLinkRequestAt: timestamp('last_link_request_at', { withTimezone: true }),
  },
  (t) => [index('enrollment_links_member_idx').on(t.memberId)],
);
