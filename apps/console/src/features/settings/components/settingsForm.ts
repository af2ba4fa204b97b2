import {
  ALGORITHMS,
  type CustomerSettings,
  SETTINGS_LANGUAGES,
  type SettingsPatch,
  type SettingsSection,
  USERNAME_TEXTS,
  type Validator,
  validateSection,
} from '@portiere/contracts';
import type { TFunction } from 'i18next';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';

/** Sections this page edits (the others belong to their own settings pages). */
export const EDITED_SECTIONS: SettingsSection[] = ['general', 'sca', 'cms'];

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  for (const k of keys.slice(0, -1)) {
    node[k] ??= {};
    node = node[k] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

/** Validates with the contract's own rules so the console and server give the same messages. */
export function settingsResolver(t: TFunction): Resolver<CustomerSettings> {
  return async (values) => {
    const errors: Record<string, unknown> = {};
    for (const section of EDITED_SECTIONS) {
      const result = validateSection(section, values[section]);
      for (const [path, fe] of Object.entries(result ?? {})) {
        setPath(errors, path, { type: fe.key, message: fieldErrorMessage(t, fe) });
      }
    }
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<CustomerSettings> }
      : { values, errors: {} };
  };
}

/** Only the sections that differ from what the server sent. */
export function changedSections(initial: CustomerSettings, current: CustomerSettings): SettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const section of EDITED_SECTIONS) {
    if (JSON.stringify(initial[section]) !== JSON.stringify(current[section])) patch[section] = current[section];
  }
  return patch as SettingsPatch;
}

export function boundsOf(validators: Record<string, Validator>, path: string): { min: number; max: number } | null {
  const v = validators[path];
  return v && 'min' in v ? { min: v.min, max: v.max } : null;
}

/** Allowed values from the validators, else the contract's own list (so a select never goes empty). */
export function choicesOf(validators: Record<string, Validator>, path: string): readonly (string | number)[] {
  const v = validators[path];
  return (v && 'values' in v ? v.values : undefined) ?? FALLBACK_CHOICES[path] ?? [];
}

const FALLBACK_CHOICES: Record<string, readonly (string | number)[]> = {
  'general.language': SETTINGS_LANGUAGES,
  'general.username_text': USERNAME_TEXTS,
  'sca.totp_credential.algorithm': ALGORITHMS,
  'sca.hotp_credential.algorithm': ALGORITHMS,
};
