/** Row to API shape for members. */
import type { Member } from '@portiere/contracts';
import type { configurations, members } from '../../db/schema/index.ts';

export type MemberRow = typeof members.$inferSelect;
type GroupRow = Pick<typeof configurations.$inferSelect, 'id' | 'name'>;

export function toMember(m: MemberRow, group: GroupRow | null): Member {
  return {
    id: m.id,
    username: m.username,
    first_name: m.firstName,
    last_name: m.lastName,
    full_name: [m.firstName, m.lastName].filter(Boolean).join(' '),
    email: m.email,
    phone_number: m.phoneNumber,
    group: group ? { id: group.id, name: group.name } : null,
    extra_info: m.extraInfo,
    identities: m.identities,
    identity_not_valid_after: m.identityNotValidAfter?.toISOString() ?? null,
    blocked: m.blocked,
    blocked_by: m.blockedBy,
    enrolled: m.enrolled,
    enrolled_at: m.enrolledAt?.toISOString() ?? null,
    created_at: m.createdAt.toISOString(),
    credential_types: [...m.credentialTypes].sort(),
  };
}
