import {
  ALGORITHMS,
  type CustomerSettings,
  type FieldError,
  fieldError,
  ICON_SETS,
  MAIL_TEMPLATE_NAMES,
  missingTemplateTag,
  SETTINGS_LANGUAGES,
  type SettingsSection,
  USERNAME_TEXTS,
  type Validator,
  validateSection,
} from '@portiere/contracts';
import type { TFunction } from 'i18next';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';

/**
 * What a settings form holds: the settings as answered, plus the write-only SMS gateway token
 * (absent: unchanged; '': remove it; text: replace it).
 */
export type SettingsValues = CustomerSettings & { general: { sms_api_token?: string } };
export type Validators = Record<string, Validator>;

/**
 * The validator that governs a field: its own path, or the one shared by every mail template
 * (`general.send_otp.subject` is bounded by `general.mail_template.subject`).
 */
export function validatorPathOf(path: string): string {
  const [section, name, field] = path.split('.');
  return section === 'general' && field && (MAIL_TEMPLATE_NAMES as string[]).includes(name ?? '')
    ? `general.mail_template.${field}`
    : path;
}

const validatorOf = (validators: Validators, path: string) => validators[validatorPathOf(path)];

export function boundsOf(validators: Validators, path: string): { min: number; max: number } | null {
  const v = validatorOf(validators, path);
  return v && 'min' in v ? { min: v.min, max: v.max } : null;
}

export function maxLengthOf(validators: Validators, path: string): number | null {
  const v = validatorOf(validators, path);
  return v && 'maxLength' in v ? v.maxLength : null;
}

/** Allowed values from the validators, else the contract's own list (so a select never goes empty). */
export function choicesOf(validators: Validators, path: string): readonly (string | number)[] {
  const v = validatorOf(validators, path);
  return (v && 'values' in v ? v.values : undefined) ?? FALLBACK_CHOICES[path] ?? [];
}

const FALLBACK_CHOICES: Record<string, readonly (string | number)[]> = {
  'general.language': SETTINGS_LANGUAGES,
  'general.username_text': USERNAME_TEXTS,
  'general.icons_set': ICON_SETS,
  'sca.totp_credential.algorithm': ALGORITHMS,
  'sca.hotp_credential.algorithm': ALGORITHMS,
};

export function getPath(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], source);
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  for (const k of keys.slice(0, -1)) {
    node[k] ??= {};
    node = node[k] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

/** The dotted field paths a validator governs (the mail template limits govern all six templates). */
function governedPaths(validatorPath: string): string[] {
  const [section, name, field] = validatorPath.split('.');
  return section === 'general' && name === 'mail_template'
    ? MAIL_TEMPLATE_NAMES.map((n) => `general.${n}.${field}`)
    : [validatorPath];
}

/** A field's value against the bound, choices or length the server sent for it. */
export function checkAgainstValidator(validator: Validator, value: unknown): FieldError | null {
  if ('maxLength' in validator) {
    return typeof value === 'string' && value.length > validator.maxLength
      ? fieldError('maxLength', { max: validator.maxLength })
      : null;
  }
  if ('min' in validator) {
    const n = value as number;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < validator.min || n > validator.max) {
      return fieldError('range', { min: validator.min, max: validator.max });
    }
    return validator.values && !validator.values.includes(n)
      ? fieldError('oneOf', { values: validator.values.join(', ') })
      : null;
  }
  return (validator.values as readonly unknown[]).includes(value)
    ? null
    : fieldError('oneOf', { values: validator.values.join(', ') });
}

/** Per-field errors of the edited sections, keyed by dotted path. */
export function settingsErrors(
  values: SettingsValues,
  validators: Validators,
  sections: readonly SettingsSection[],
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const edited = (path: string) => sections.some((s) => path.startsWith(`${s}.`));
  // Bounds, lengths and choices: the validators the server sent decide (no bound written twice).
  for (const [validatorPath, validator] of Object.entries(validators)) {
    for (const path of governedPaths(validatorPath)) {
      const value = getPath(values, path);
      if (!edited(path) || value === undefined) continue;
      const error = checkAgainstValidator(validator, value);
      if (error) errors[path] = error;
    }
  }
  // The other rules (URLs, the OTP placeholder, colours, mandatory tags, PIN min ≤ max) are the
  // contract's own, so the console says what the server would.
  for (const section of sections) {
    for (const [path, error] of Object.entries(validateSection(section, values[section]) ?? {})) {
      errors[path] ??= error;
    }
  }
  // The contract checks the tags only once the rest of the section is valid; say it at once.
  if (sections.includes('general')) {
    for (const name of MAIL_TEMPLATE_NAMES) {
      const tag = missingTemplateTag(name, values.general[name]);
      if (tag) errors[`general.${name}.content`] ??= fieldError('mandatoryTag', { tag });
    }
  }
  return errors;
}

/** react-hook-form resolver over settingsErrors, with the messages in the user's language. */
export function settingsResolver(
  t: TFunction,
  validators: Validators,
  sections: readonly SettingsSection[],
): Resolver<SettingsValues> {
  return async (values) => {
    const found = settingsErrors(values, validators, sections);
    const errors: Record<string, unknown> = {};
    for (const [path, fe] of Object.entries(found)) {
      setPath(errors, path, { type: fe.key, message: fieldErrorMessage(t, fe) });
    }
    return Object.keys(found).length
      ? { values: {}, errors: errors as FieldErrors<SettingsValues> }
      : { values, errors: {} };
  };
}
