import {
  type FieldError,
  fieldError,
  type Identity,
  type MemberDetail,
  type MemberInput,
  memberFieldErrors,
  memberInputSchema,
} from '@portiere/contracts';
import type { TFunction } from 'i18next';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';

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

/** Only what changed, for PATCH. */
export function memberPatchOf(initial: MemberFormValues, current: MemberFormValues): Partial<MemberInput> {
  const a = memberInputOf(initial);
  const b = memberInputOf(current);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(b) as (keyof MemberInput)[]) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) patch[key] = b[key];
  }
  return patch as Partial<MemberInput>;
}

/** The zod contract's size limits as field errors (the rest comes from memberFieldErrors). */
function schemaErrors(input: MemberInput): Record<string, FieldError> {
  const parsed = memberInputSchema.safeParse(input);
  const out: Record<string, FieldError> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (out[path]) continue;
    if (issue.code === 'too_big') out[path] = fieldError('maxLength', { max: Number(issue.maximum) });
    else if (issue.code === 'too_small') out[path] = fieldError('required');
    else out[path] = fieldError('invalid');
  }
  return out;
}

/** Every field error of the form, keyed by dotted path (same keys as the server's details). */
export function memberFormErrors(v: MemberFormValues): Record<string, FieldError> {
  const input = memberInputOf(v);
  return { ...schemaErrors(input), ...memberFieldErrors(input) };
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((k, i) => {
    node[k] ??= /^\d+$/.test(keys[i + 1] ?? '') ? [] : {};
    node = node[k] as Record<string, unknown>;
  });
  node[keys[keys.length - 1] as string] = value;
}

export function memberResolver(t: TFunction): Resolver<MemberFormValues> {
  return async (values) => {
    const found = memberFormErrors(values);
    if (Object.keys(found).length === 0) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [path, fe] of Object.entries(found)) {
      setPath(errors, path, { type: fe.key, message: fieldErrorMessage(t, fe) });
    }
    return { values: {}, errors: errors as FieldErrors<MemberFormValues> };
  };
}
