import type { MemberDetail } from '@portiere/contracts';

/** A member's detail as users/{id}/ answers it, with `over` on top. */
export const memberDetail = (over: Partial<MemberDetail> = {}): MemberDetail => ({
  id: 'm1',
  username: 'eva@acme.example',
  first_name: 'Eva',
  last_name: 'Bianchi',
  full_name: 'Eva Bianchi',
  email: 'eva@acme.example',
  phone_number: '',
  group: null,
  extra_info: '',
  identities: [],
  identity_not_valid_after: null,
  blocked: false,
  blocked_by: null,
  enrolled: false,
  enrolled_at: null,
  created_at: '2025-03-01T10:00:00.000Z',
  credential_types: [],
  allowed_credential_types: [],
  issuable_credential_types: [],
  reported_sign_in_at: null,
  scim: null,
  ...over,
});
