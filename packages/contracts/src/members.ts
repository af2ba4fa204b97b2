/** Members (the spec's "users" of a customer) and their validation (spec sections 3 and 5). */
import { z } from 'zod';
import { type FieldError, fieldError } from './errors.ts';
import { commaListParam, estimablePagedListSchema, pagingQuerySchema, yesNoParam } from './lists.ts';
import { patchOf } from './patch.ts';
import { fileSchema } from './responses.ts';

export const CREDENTIAL_TYPES = [
  'mail',
  'sms',
  'password',
  'pin',
  'app',
  'app_biometry',
  'totp',
  'hotp',
  'keypair',
  'smartcard',
] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** Country calling codes accepted in phone numbers (followed by exactly 10 digits). */
export const PHONE_COUNTRY_CODES = [
  '1',
  '7',
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '54',
  '55',
  '56',
  '57',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '351',
  '352',
  '353',
  '354',
  '356',
  '357',
  '358',
  '359',
  '370',
  '371',
  '372',
  '380',
  '381',
  '385',
  '386',
  '420',
  '421',
  '971',
  '972',
] as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A staff user's address (a manager user, a customer's first manager): required, and an address.
 * The console's forms and the server say the same.
 */
export function requiredEmailError(email: string): FieldError | null {
  if (!email.trim()) return fieldError('required');
  return EMAIL_PATTERN.test(email.trim()) ? null : fieldError('email');
}

export function isValidPhone(value: string): boolean {
  const m = /^\+(\d+)$/.exec(value);
  if (!m?.[1]) return false;
  const digits = m[1];
  return PHONE_COUNTRY_CODES.some((cc) => digits.startsWith(cc) && digits.length - cc.length === 10);
}

/**
 * extra_info is JSON text: empty, or a JSON object without duplicate keys.
 * Answers the field error, or null when valid.
 */
export function extraInfoError(text: string): FieldError | null {
  if (text.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fieldError('json');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fieldError('json');
  const dup = findDuplicateKey(text);
  return dup ? fieldError('jsonDuplicateKey', { key: dup }) : null;
}

/** JSON.parse keeps the last of two equal keys silently; scan the text to find them. */
export function findDuplicateKey(text: string): string | null {
  const stack: Array<Set<string> | null> = [];
  let i = 0;
  let expectKey = false;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '{') {
      stack.push(new Set());
      expectKey = true;
    } else if (ch === '[') {
      stack.push(null);
    } else if (ch === '}' || ch === ']') {
      stack.pop();
      expectKey = false;
    } else if (ch === ',') {
      expectKey = stack.at(-1) instanceof Set;
    } else if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const raw = text.slice(i, j + 1);
      const keys = stack.at(-1);
      if (expectKey && keys instanceof Set) {
        const key = JSON.parse(raw) as string;
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
      i = j;
    }
    i++;
  }
  return null;
}

export const identitySchema = z.object({
  subject: z.string().trim().min(1).max(500),
  issuer: z.string().max(500).default(''),
  validTo: z.string().nullable().default(null),
  microsoft_identity: z.string().max(500).default(''),
});
export type Identity = z.infer<typeof identitySchema>;

export const memberInputSchema = z.object({
  username: z.string().trim().min(1).max(254),
  first_name: z.string().trim().max(150).default(''),
  last_name: z.string().trim().max(150).default(''),
  email: z.string().trim().max(254).default(''),
  phone_number: z.string().trim().max(20).default(''),
  group_id: z.string().nullable().default(null),
  extra_info: z.string().max(20_000).default(''),
  identities: z.array(identitySchema).max(20).default([]),
  identity_not_valid_after: z.string().nullable().default(null),
});
export type MemberInput = z.infer<typeof memberInputSchema>;
export const memberPatchSchema = patchOf(memberInputSchema);

/** Field rules beyond types: the same function runs in the console and on the server. */
export function memberFieldErrors(input: Partial<MemberInput>): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  if (input.username !== undefined && input.username.trim() === '') errors.username = fieldError('required');
  if (input.email && !EMAIL_PATTERN.test(input.email)) errors.email = fieldError('email');
  if (input.phone_number && !isValidPhone(input.phone_number)) errors.phone_number = fieldError('phone');
  if (input.extra_info !== undefined) {
    const e = extraInfoError(input.extra_info);
    if (e) errors.extra_info = e;
  }
  input.identities?.forEach((id, i) => {
    if (!id.subject?.trim()) errors[`identities.${i}.subject`] = fieldError('required');
    if (id.validTo && Number.isNaN(Date.parse(id.validTo))) errors[`identities.${i}.validTo`] = fieldError('invalid');
  });
  if (input.identity_not_valid_after && Number.isNaN(Date.parse(input.identity_not_valid_after))) {
    errors.identity_not_valid_after = fieldError('invalid');
  }
  return errors;
}

export const memberSchema = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  extra_info: z.string(),
  identities: z.array(identitySchema),
  identity_not_valid_after: z.string().nullable(),
  blocked: z.boolean(),
  blocked_by: z.string().nullable(),
  enrolled: z.boolean(),
  enrolled_at: z.string().nullable(),
  created_at: z.string(),
  credential_types: z.array(z.enum(CREDENTIAL_TYPES)),
});
export type Member = z.infer<typeof memberSchema>;

export const memberDetailSchema = memberSchema.extend({
  /** Kinds the member's configuration group allows. */
  allowed_credential_types: z.array(z.enum(CREDENTIAL_TYPES)),
  /** Of those, the kinds operators may issue now: the CMS settings allow them too (cmsIssues). */
  issuable_credential_types: z.array(z.enum(CREDENTIAL_TYPES)),
  /** When the member last said on the smartphone app that a sign-in was not theirs. */
  reported_sign_in_at: z.string().nullable(),
  /**
   * A directory provisions the member through SCIM (scim.ts): since when, and its own id of the
   * member; null for a member managed in the console.
   */
  scim: z.object({ managed_since: z.string(), external_id: z.string().nullable() }).nullable(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const MEMBER_ORDERINGS = ['username', 'last_name', 'email', 'created_at', 'enrolled_at'] as const;

/** Query of users/: paging, ordering (`-field` descending), search and the drawer's filters. */
export const memberListQuerySchema = pagingQuerySchema.extend({
  ordering: z
    .string()
    .regex(new RegExp(`^-?(${MEMBER_ORDERINGS.join('|')})$`))
    .optional(),
  search: z.string().max(200).optional(),
  /** Comma-separated configuration group ids; `none` for members without a group. */
  group: commaListParam(z.string().max(2000)),
  enrolled: yesNoParam,
  blocked: yesNoParam,
  created_after: z.string().date().optional(),
  created_before: z.string().date().optional(),
  /** Comma-separated credential types: members having any of them. */
  credential_types: commaListParam(),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;
/** users/count/: the filters of the list, without paging or ordering. */
export const memberCountQuerySchema = memberListQuerySchema.omit({ page: true, page_size: true, ordering: true });
export type MemberCountQuery = z.infer<typeof memberCountQuerySchema>;
/** users/: a page of members; a search matching many of them answers an estimated count. */
export const memberListSchema = estimablePagedListSchema(memberSchema);

export const EXPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export const exportQuerySchema = memberListQuerySchema.extend({
  format: z.enum(EXPORT_FORMATS),
  file_name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\w\- .]+$/),
});

/** One member in the JSON export; CSV and XLSX have these columns in this order, typed alike. */
export const memberExportRowSchema = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  /** Name of the member's configuration group; null without one. */
  group: z.string().nullable(),
  blocked: z.boolean(),
  enrolled: z.boolean(),
  enrolled_at: z.string().nullable(),
  created_at: z.string(),
  credential_types: z.array(z.enum(CREDENTIAL_TYPES)),
});
export type MemberExportRow = z.infer<typeof memberExportRowSchema>;
export const EXPORT_COLUMNS = Object.keys(memberExportRowSchema.shape) as (keyof MemberExportRow)[];

/** Media type of each export format. */
export const EXPORT_MEDIA_TYPES = {
  csv: 'text/csv',
  json: 'application/json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const satisfies Record<(typeof EXPORT_FORMATS)[number], string>;

/** The export's answer: a file (content-disposition: attachment) in the format asked for. */
export const exportResponseSchema = {
  description: 'The members as a file in the format asked for',
  content: {
    [EXPORT_MEDIA_TYPES.csv]: {
      schema: fileSchema('RFC 4180 CSV with a header row, starting with a UTF-8 byte order mark'),
    },
    [EXPORT_MEDIA_TYPES.json]: {
      schema: z.array(memberExportRowSchema).describe('One object per member, in the list ordering'),
    },
    [EXPORT_MEDIA_TYPES.xlsx]: { schema: fileSchema('An Excel workbook', 'binary') },
  },
};

export const BULK_ACTIONS = ['block', 'unblock', 'delete', 'send_enrollment'] as const;
export const bulkRequestSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  ids: z.array(z.string()).min(1).max(1000),
});

/** Answer of a call that sends a mail or SMS (enrolment link, a credential's code): where it went. */
export const sentToSchema = z.object({ sent_to: z.string() });
