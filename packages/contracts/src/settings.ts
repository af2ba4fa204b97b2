/**
 * Customer settings (spec section 3) with defaults (section 9) and bounds (section 5).
 * The server validates PATCHes with these schemas; the console renders the same
 * bounds from the `validators` the server sends back.
 */
import { z } from 'zod';
import { type FieldError, fieldError } from './errors.ts';

export const ALGORITHMS = ['SHA1', 'SHA256', 'SHA512'] as const;
/**
 * Languages of the mails and pages a customer's members see. The spec's two lists disagree
 * (the console speaks en and it; the settings field takes en or fr): we accept all three, so
 * that an Italian customer's members get Italian mails.
 */
export const SETTINGS_LANGUAGES = ['en', 'fr', 'it'] as const;
export type SettingsLanguage = (typeof SETTINGS_LANGUAGES)[number];
export const ICON_SETS = ['default', 'custom'] as const;
export const USERNAME_TEXTS = ['username', 'email', 'phone_number', 'id'] as const;
/** What members sign in with (general.username_text). */
export type UsernameText = (typeof USERNAME_TEXTS)[number];
/** Placeholder the SMS message must contain; replaced by the one-time code. */
export const SMS_OTP_PLACEHOLDER = '{otp}';

/** Mail templates and the tag each must contain (`{tag}` in subject or content). */
export const MAIL_TEMPLATES = {
  recovery_mode: {
    mandatory: ['recovery_code'],
    optional: ['username', 'first_name', 'last_name', 'extra_info', 'domain'],
  },
  send_pin: { mandatory: ['pin'], optional: ['username', 'first_name', 'last_name', 'extra_info', 'domain'] },
  send_otp: { mandatory: ['otp'], optional: ['username', 'first_name', 'last_name', 'extra_info', 'domain'] },
  send_enrollment_link: {
    mandatory: ['enrollment_link'],
    optional: ['username', 'first_name', 'last_name', 'extra_info', 'domain', 'duration'],
  },
  send_qrcode: {
    mandatory: ['confirmation_code'],
    optional: ['username', 'first_name', 'last_name', 'extra_info', 'domain', 'qrcode_url'],
  },
  token_reset_pin: {
    mandatory: ['auth_code'],
    optional: ['username', 'first_name', 'last_name', 'extra_info', 'domain'],
  },
} as const;
export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
export const MAIL_TEMPLATE_NAMES = Object.keys(MAIL_TEMPLATES) as MailTemplateName[];

/** Numeric bounds; the `validators` part of the settings answer is built from this table. */
export const SETTING_BOUNDS = {
  'sca.pin_credential.min_length': { min: 4, max: 8 },
  'sca.pin_credential.max_length': { min: 4, max: 8 },
  'sca.pin_credential.max_attempts': { min: 1, max: 10 },
  'sca.totp_credential.length': { min: 6, max: 8 },
  'sca.totp_credential.time_step': { min: 10, max: 60 },
  'sca.hotp_credential.length': { min: 6, max: 8, values: [6, 8] },
  'sca.hotp_credential.max_attempts': { min: 1, max: 10 },
  'sca.hotp_credential.window': { min: 5, max: 20 },
  'cms.card_code_length': { min: 6, max: 12 },
  'cms.transport_pin.length': { min: 4, max: 8 },
  'cms.transport_puk.length': { min: 6, max: 12 },
  'general.id_token_duration': { min: 60, max: 86_400 },
  'general.oidc_refresh_token_duration': { min: 60, max: 2_592_000 },
  /** Days of audit events kept; older ones are pruned (the chain stays verifiable). */
  'general.audit_retention_days': { min: 30, max: 3650 },
  /** Days offline material stays usable on a machine without contact (0: none is given). */
  'workstation.offline_days': { min: 0, max: 90 },
  /** HOTP values a machine holds for its member. */
  'workstation.offline_hotp_values': { min: 5, max: 200 },
  /** Hours of TOTP values a machine holds (each 30 s step one value at the default time step). */
  'workstation.offline_totp_hours': { min: 1, max: 8 },
} as const satisfies Record<string, { min: number; max: number; values?: readonly number[] }>;
export type BoundPath = keyof typeof SETTING_BOUNDS;

/** Longest URL accepted in any setting. */
const URL_MAX = 2048;

/** Maximum lengths of the text fields; sent as `{maxLength}` validators so forms bound them too. */
export const TEXT_LIMITS = {
  'general.address': 300,
  'general.domain': 253,
  'general.sms_endpoint': URL_MAX,
  'general.logo_url': URL_MAX,
  'general.named_logo_url': URL_MAX,
  'general.sms_message': 320,
  'general.sms_sender': 11,
  'general.sms_api_token': 500,
  'general.login_page_text': 500,
  'general.mobile_workforce_section_label': 60,
  'general.mobile_mfa_section_label': 60,
  'general.mail_template.subject': 200,
  'general.mail_template.content': 20_000,
  'sca.callback_url_successful_enroll': URL_MAX,
  'cms.active_directory_group': 256,
  'cms.transport_pin.default': 100,
  'cms.transport_puk.default': 100,
} as const satisfies Record<string, number>;
export type TextLimitPath = keyof typeof TEXT_LIMITS;
const limited = (path: TextLimitPath) => z.string().max(TEXT_LIMITS[path]);

const bounded = (path: BoundPath) => {
  const b: { min: number; max: number; values?: readonly number[] } = SETTING_BOUNDS[path];
  const base = z.number().int().min(b.min).max(b.max);
  return b.values ? base.refine((v) => b.values?.includes(v)) : base;
};
const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/);
/** Empty, or a URL; the protocol is optional (spec section 5). */
const optionalUrl = z
  .string()
  .max(URL_MAX)
  .refine((v) => v === '' || isUrl(v), { params: { key: 'url' } });
const httpUrl = limited('general.sms_endpoint').refine((v) => v === '' || /^https?:\/\//i.test(v), {
  params: { key: 'httpUrl' },
});

/**
 * A logo: empty, a URL, or a path on this server (what the upload sets: `/api/v1/branding/…`),
 * so that the image loads at whatever address the console and pages are opened.
 */
const logoUrl = z
  .string()
  .max(URL_MAX)
  .refine((v) => v === '' || /^\/[^/\\\s]/.test(v) || isUrl(v), { params: { key: 'url' } });

export function isUrl(value: string): boolean {
  const withProtocol = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const u = new URL(withProtocol);
    return /^[^\s]+\.[^\s]+$|^localhost$/.test(u.hostname) && !/\s/.test(value);
  } catch {
    return false;
  }
}

export const mailTemplateSchema = z.object({
  subject: limited('general.mail_template.subject'),
  content: limited('general.mail_template.content'),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

export const generalSettingsSchema = z.object({
  address: limited('general.address'),
  domain: limited('general.domain'),
  language: z.enum(SETTINGS_LANGUAGES),
  /** The gateway token itself is write-only (SMS_API_TOKEN_FIELD in a PATCH); answers say whether one is set. */
  sms_api_token_set: z.boolean(),
  sms_endpoint: httpUrl,
  sms_message: limited('general.sms_message').refine((v) => v.includes(SMS_OTP_PLACEHOLDER), {
    params: { key: 'smsOtpPlaceholder' },
  }),
  sms_sender: limited('general.sms_sender'),
  primary_color: hexColor,
  secondary_color: hexColor,
  warning_color: hexColor,
  error_color: hexColor,
  background_color: hexColor,
  header_color: hexColor,
  icons_set: z.enum(ICON_SETS),
  /** Shown on the members' sign-in and enrolment pages, under the logo. Plain text. */
  login_page_text: limited('general.login_page_text'),
  /** Set by the logo upload (a path on this server) or by hand (any URL); '' for none. */
  logo_url: logoUrl,
  named_logo_url: logoUrl,
  recovery_mode: mailTemplateSchema,
  send_pin: mailTemplateSchema,
  send_otp: mailTemplateSchema,
  send_enrollment_link: mailTemplateSchema,
  send_qrcode: mailTemplateSchema,
  token_reset_pin: mailTemplateSchema,
  mobile_workforce_section_label: limited('general.mobile_workforce_section_label'),
  mobile_mfa_section_label: limited('general.mobile_mfa_section_label'),
  username_text: z.enum(USERNAME_TEXTS),
  id_token_duration: bounded('general.id_token_duration'),
  oidc_refresh_token_duration: bounded('general.oidc_refresh_token_duration'),
  enable_sso: z.boolean(),
  audit_retention_days: bounded('general.audit_retention_days'),
});

export const scaSettingsSchema = z.object({
  callback_url_successful_enroll: optionalUrl,
  pin_credential: z.object({
    min_length: bounded('sca.pin_credential.min_length'),
    max_length: bounded('sca.pin_credential.max_length'),
    max_attempts: bounded('sca.pin_credential.max_attempts'),
  }),
  totp_credential: z.object({
    time_step: bounded('sca.totp_credential.time_step'),
    length: bounded('sca.totp_credential.length'),
    algorithm: z.enum(ALGORITHMS),
  }),
  hotp_credential: z.object({
    window: bounded('sca.hotp_credential.window'),
    length: bounded('sca.hotp_credential.length'),
    algorithm: z.enum(ALGORITHMS),
    max_attempts: bounded('sca.hotp_credential.max_attempts'),
  }),
});

const secretTemplate = z.object({ length: z.number(), default: z.string() });
export const cmsSettingsSchema = z.object({
  smartphone: z.boolean(),
  temporary: z.boolean(),
  token: z.boolean(),
  printer: z.boolean(),
  active_directory_group: limited('cms.active_directory_group'),
  recovery_disable_tokens: z.boolean(),
  card_code_length: bounded('cms.card_code_length'),
  transport_pin: secretTemplate.extend({
    length: bounded('cms.transport_pin.length'),
    default: limited('cms.transport_pin.default'),
  }),
  transport_puk: secretTemplate.extend({
    length: bounded('cms.transport_puk.length'),
    default: limited('cms.transport_puk.default'),
  }),
});

export const enrollerSettingsSchema = z.object({ token: z.boolean(), personal: z.boolean(), smartphone: z.boolean() });
export const laSettingsSchema = z.object({
  user_create_credential: z.boolean(),
  user_change_password: z.boolean(),
  force_password_generation: z.boolean(),
  autologon: z.boolean(),
});

/**
 * Workstation login: the flow members walk at a workstation (one of the customer's flows; none:
 * workstations cannot sign anyone in), and what a machine may carry for signing in offline.
 */
export const workstationSettingsSchema = z.object({
  flow_id: z.string().uuid().nullable(),
  offline_days: bounded('workstation.offline_days'),
  offline_hotp_values: bounded('workstation.offline_hotp_values'),
  offline_totp_hours: bounded('workstation.offline_totp_hours'),
});

export const settingsSchema = z.object({
  general: generalSettingsSchema,
  sca: scaSettingsSchema,
  cms: cmsSettingsSchema,
  enroller: enrollerSettingsSchema,
  la: laSettingsSchema,
  workstation: workstationSettingsSchema,
});
export type CustomerSettings = z.infer<typeof settingsSchema>;
export type SettingsSection = keyof CustomerSettings;
export const SETTINGS_SECTIONS = Object.keys(settingsSchema.shape) as SettingsSection[];

const emptyTemplate = (): MailTemplate => ({ subject: '', content: '' });

/** Defaults from spec section 9. Empty mail templates mean "use the built-in one". */
export function defaultSettings(): CustomerSettings {
  return {
    general: {
      address: '',
      domain: '',
      language: 'en',
      sms_api_token_set: false,
      sms_endpoint: '',
      sms_message: `Your code is ${SMS_OTP_PLACEHOLDER}`,
      sms_sender: 'Portiere',
      primary_color: '#000000',
      secondary_color: '#FFFFFF',
      warning_color: '#FFA500',
      error_color: '#FF0000',
      background_color: '#F5F5F5',
      header_color: '#333333',
      icons_set: 'default',
      login_page_text: '',
      logo_url: '',
      named_logo_url: '',
      recovery_mode: emptyTemplate(),
      send_pin: emptyTemplate(),
      send_otp: emptyTemplate(),
      send_enrollment_link: emptyTemplate(),
      send_qrcode: emptyTemplate(),
      token_reset_pin: emptyTemplate(),
      mobile_workforce_section_label: 'Workstation',
      mobile_mfa_section_label: 'Web',
      username_text: 'username',
      id_token_duration: 3600,
      oidc_refresh_token_duration: 86_400,
      enable_sso: false,
      audit_retention_days: 365,
    },
    sca: {
      callback_url_successful_enroll: '',
      pin_credential: { min_length: 4, max_length: 8, max_attempts: 5 },
      totp_credential: { time_step: 30, length: 6, algorithm: 'SHA1' },
      hotp_credential: { window: 10, length: 6, algorithm: 'SHA1', max_attempts: 5 },
    },
    cms: {
      smartphone: true,
      temporary: true,
      token: true,
      printer: false,
      active_directory_group: '',
      recovery_disable_tokens: false,
      card_code_length: 8,
      transport_pin: { length: 4, default: '{secret}' },
      transport_puk: { length: 8, default: '{secret}' },
    },
    enroller: { token: true, personal: true, smartphone: true },
    la: {
      user_create_credential: false,
      user_change_password: true,
      force_password_generation: false,
      autologon: false,
    },
    workstation: { flow_id: null, offline_days: 7, offline_hotp_values: 20, offline_totp_hours: 2 },
  };
}

/** Validators sent with the settings: bounds and choices per dotted field path. */
export type Validator =
  | { min: number; max: number; values?: readonly number[] }
  | { values: readonly string[] }
  | { maxLength: number };
export function settingsValidators(): Record<string, Validator> {
  const lengths = Object.fromEntries(Object.entries(TEXT_LIMITS).map(([path, max]) => [path, { maxLength: max }]));
  return {
    ...lengths,
    ...SETTING_BOUNDS,
    'general.language': { values: SETTINGS_LANGUAGES },
    'general.icons_set': { values: ICON_SETS },
    'general.username_text': { values: USERNAME_TEXTS },
    'sca.totp_credential.algorithm': { values: ALGORITHMS },
    'sca.hotp_credential.algorithm': { values: ALGORITHMS },
  };
}

/**
 * The SMS gateway's API token: accepted in `general` of a PATCH (an empty string removes it),
 * sealed at rest, never answered; `general.sms_api_token_set` tells whether one is set.
 */
export const SMS_API_TOKEN_FIELD = 'sms_api_token';
export const smsApiTokenSchema = limited('general.sms_api_token');

/** A PATCH carries only changed sections, each possibly partial (deep-merged by the server). */
export type SettingsPatch = { [S in SettingsSection]?: DeepPartial<CustomerSettings[S]> } & {
  general?: { [SMS_API_TOKEN_FIELD]?: string };
};
type DeepPartial<T> = T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

export function deepMerge<T>(base: T, patch: unknown): T {
  if (patch === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch as T;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = k in out ? deepMerge(out[k], v) : v;
  return out as T;
}
function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** How a tag is written in a template: `{name}`. */
export const TEMPLATE_TAG = /\{(\w+)\}/g;

/**
 * The first `{tag}` in a template's text that its mail does not fill, or undefined. Looked up in
 * the template's own list, so names every object has (`{__proto__}`, `{constructor}`) are unknown too.
 */
export function unknownTemplateTag(name: MailTemplateName, text: string): string | undefined {
  const known: readonly string[] = [...MAIL_TEMPLATES[name].mandatory, ...MAIL_TEMPLATES[name].optional];
  for (const [, tag] of text.matchAll(TEMPLATE_TAG)) if (tag && !known.includes(tag)) return tag;
  return undefined;
}

/** Each of a template's texts (subject, content) that names a tag its mail does not fill, with its error. */
export function unknownTemplateTags(
  name: MailTemplateName,
  template: Partial<Record<keyof MailTemplate, unknown>>,
): Partial<Record<keyof MailTemplate, FieldError>> {
  const errors: Partial<Record<keyof MailTemplate, FieldError>> = {};
  for (const field of ['subject', 'content'] as const) {
    const text = template[field];
    const tag = typeof text === 'string' ? unknownTemplateTag(name, text) : undefined;
    if (tag) errors[field] = fieldError('unknownTag', { tag });
  }
  return errors;
}

/** Mandatory tags present in a template, checked only when the customer set its own text. */
export function missingTemplateTag(name: MailTemplateName, tpl: MailTemplate): string | undefined {
  if (!tpl.subject && !tpl.content) return undefined;
  const text = `${tpl.subject}\n${tpl.content}`;
  return MAIL_TEMPLATES[name].mandatory.find((tag) => !text.includes(`{${tag}}`));
}

/**
 * Validate one full section; answers per-field errors keyed by dotted path, or null.
 * Messages come from the catalogue so server and console say the same thing.
 */
export function validateSection(section: SettingsSection, value: unknown): Record<string, FieldError> | null {
  const schema = settingsSchema.shape[section];
  const errors: Record<string, FieldError> = {};
  const result = schema.safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = [section, ...issue.path.map(String)].join('.');
      if (!errors[path]) errors[path] = issueToFieldError(path, issue);
    }
  }
  if (result.success) {
    const data = result.data as Record<string, unknown>;
    if (section === 'general') {
      for (const name of MAIL_TEMPLATE_NAMES) {
        const tag = missingTemplateTag(name, data[name] as MailTemplate);
        if (tag) errors[`general.${name}.content`] = fieldError('mandatoryTag', { tag });
      }
    }
    if (section === 'sca') {
      const pin = (data as CustomerSettings['sca']).pin_credential;
      if (pin.min_length > pin.max_length) {
        errors['sca.pin_credential.max_length'] = fieldError('range', { min: pin.min_length, max: 8 });
      }
    }
  }
  return Object.keys(errors).length ? errors : null;
}

function issueToFieldError(path: string, issue: z.core.$ZodIssue): FieldError {
  const bound = (SETTING_BOUNDS as Record<string, { min: number; max: number; values?: readonly number[] }>)[path];
  if (bound) {
    return bound.values && issue.code === 'custom'
      ? fieldError('oneOf', { values: bound.values.join(', ') })
      : fieldError('range', { min: bound.min, max: bound.max });
  }
  if (issue.code === 'custom' && issue.params && typeof issue.params.key === 'string') {
    const key = issue.params.key as 'url' | 'httpUrl' | 'smsOtpPlaceholder';
    return key === 'smsOtpPlaceholder' ? fieldError(key, { placeholder: SMS_OTP_PLACEHOLDER }) : fieldError(key);
  }
  if (issue.code === 'invalid_value') return fieldError('oneOf', { values: issue.values.map(String).join(', ') });
  if (issue.code === 'too_big' && issue.origin === 'string')
    return fieldError('maxLength', { max: Number(issue.maximum) });
  if (issue.code === 'invalid_format' || (issue.code === 'invalid_type' && issue.expected === 'string')) {
    return path.endsWith('_color') ? fieldError('color') : fieldError('invalid');
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return fieldError('required');
  return fieldError('invalid');
}

export const settingsResponseSchema = z.object({
  settings: settingsSchema,
  validators: z.record(z.string(), z.any()),
});
