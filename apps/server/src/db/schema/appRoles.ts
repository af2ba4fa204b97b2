/** App roles: the flow and role name of a configuration group's members in one application (spec 3). */

import type { RadiusAttribute } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { configurations } from './configurations.ts';
import { flows } from './flows.ts';
import { customerRef } from './tenancy.ts';

export const appRoles = pgTable(
  'app_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    displayName: text('display_name').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => configurations.id, { onDelete: 'cascade' }),
    flowId: uuid('flow_id')
      .notNull()
      // No action, not restrict: checked at the end of the statement, so deleting a customer
      // cascades through its flows and their users; alone, a used flow stays.
      .references(() => flows.id),
    /** What a RADIUS application's Access-Accept carries for the group. */
    radiusAttributes: jsonb('radius_attributes').$type<RadiusAttribute[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_roles_application_group_idx').on(t.applicationId, t.groupId),
    index('app_roles_customer_name_idx').on(t.customerId, sql`lower(${t.displayName})`),
    index('app_roles_group_idx').on(t.groupId),
    index('app_roles_flow_idx').on(t.flowId),
  ],
);
