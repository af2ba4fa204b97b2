import {
  type Identity,
  type MemberDetail,
  type MemberInput,
  memberFieldErrors,
  memberInputSchema,
} from '@portiere/contracts';

export interface MemberFormValues {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  phone_number: string;
  /** '' = no configuration group */
  group_id: string;
  identities: Identity[];
  identity_not_valid_after: string | null;
  extra_info: string;
}

export const emptyMemberForm: MemberFormValues = {
  first_name: '',
  last_name: '',
  username: '',
  email: '',
  phone_number: '',
  group_id: '',
  identities: [],
  identity_not_valid_after: null,
  extra_info: '',
};

export const emptyIdentity: Identity = { subject: '', issuer: '', validTo: null, microsoft_identity: '' };

/** Dates travel as ISO timestamps; the form edits the day. */
const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : null);

export function formValuesOf(m: MemberDetail | null | undefined): MemberFormValues {
  if (!m) return emptyMemberForm;
  return {
    first_name: m.first_name,
    last_name: m.last_name,
    username: m.username,
    email: m.email,
    phone_number: m.phone_number,
    group_id: m.group?.id ?? '',
    identities: m.identities.map((i) => ({ ...emptyIdentity, ...i, validTo: day(i.validTo) })),
    identity_not_valid_after: day(m.identity_not_valid_after),
    extra_info: m.extra_info,
  };
}

export function memberInputOf(v: MemberFormValues): MemberInput {
  return {
    username: v.username.trim(),
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    email: v.email.trim(),
    phone_number: v.phone_number.trim(),
    group_id: v.group_id || null,
    extra_info: v.extra_info,
    identities: v.identities.map((i) => ({
      subject: i.subject.trim(),
      issuer: i.issuer.trim(),
      validTo: i.validTo || null,
      microsoft_identity: i.microsoft_identity.trim(),
    })),
    identity_not_valid_after: v.identity_not_valid_after || null,
  };
}

/** Only what changed since the form opened, for PATCH. */
export function memberPatchOf(initial: MemberFormValues, current: MemberInput): Partial<MemberInput> {
  const a = memberInputOf(initial);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(current) as (keyof MemberInput)[]) {
    if (JSON.stringify(a[key]) !== JSON.stringify(current[key])) patch[key] = current[key];
  }
  return patch as Partial<MemberInput>;
}

/** The form over the contract: the schema's bounds and the member rules (email, phone, JSON, identities). */
export const memberForm = { schema: memberInputSchema, toInput: memberInputOf, rules: memberFieldErrors };
