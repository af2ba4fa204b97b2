/** Role groups and the members authorised for each. */
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberRef } from './members.ts';
import { customerRef } from './tenancy.ts';

export const roleGroups = pgTable(
  'role_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('role_groups_name_idx').on(t.customerId, t.name)],
);

/** Members authorised for a role group. */
export const roleMembers = pgTable(
  'role_members',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roleGroups.id, { onDelete: 'cascade' }),
    memberId: memberRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.memberId] }), index('role_members_member_idx').on(t.memberId)],
);
