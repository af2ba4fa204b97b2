import {
  type FieldError,
  fieldError,
  SCRIPT_EXTENSIONS,
  SCRIPT_MAX_BYTES,
  SCRIPT_NAME_MAX,
  SCRIPT_VERSION_MAX,
} from '@portiere/contracts';
import type { TFunction } from 'i18next';
import { kilobytes } from '../../../lib/format';

export { kilobytes };

/** Sizes are shown and limited in KB (1024 bytes), rounded up: a byte over the limit shows as over. */
export const SCRIPT_MAX_KB = kilobytes(SCRIPT_MAX_BYTES);
export const SCRIPT_EXTENSION_LIST = SCRIPT_EXTENSIONS.join(', ');
/** For the file input's `accept`: the picker offers these first (the check below still runs). */
export const SCRIPT_ACCEPT = SCRIPT_EXTENSIONS.join(',');

/** Why a chosen file cannot be uploaded, as the server's catalogue says it; null when it may go. */
export type ScriptFileProblem =
  | { code: 'scriptMissing' }
  | { code: 'scriptType'; params: { extensions: string } }
  | { code: 'scriptTooLarge'; params: { actual: number; max: number } }
  | { code: 'nameTooLong'; params: { max: number } };

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/**
 * The browser's checks before sending: the extension among SCRIPT_EXTENSIONS and the size within
 * SCRIPT_MAX_BYTES (the server also checks the content, which only it reads).
 */
export function checkScriptFile(file: { name: string; size: number } | null): ScriptFileProblem | null {
  if (!file) return { code: 'scriptMissing' };
  if (!(SCRIPT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
    return { code: 'scriptType', params: { extensions: SCRIPT_EXTENSION_LIST } };
  if (file.size > SCRIPT_MAX_BYTES)
    return { code: 'scriptTooLarge', params: { actual: kilobytes(file.size), max: SCRIPT_MAX_KB } };
  if (file.name.length > SCRIPT_NAME_MAX) return { code: 'nameTooLong', params: { max: SCRIPT_NAME_MAX } };
  return null;
}

export function scriptFileMessage(t: TFunction, problem: ScriptFileProblem): string {
  if (problem.code === 'nameTooLong') return t('validation.maxLength', problem.params);
  if (problem.code === 'scriptMissing') return t('error.scriptMissing');
  return t(`error.${problem.code}`, problem.params);
}

export function versionError(version: string): FieldError | null {
  const v = version.trim();
  if (!v) return fieldError('required');
  if (v.length > SCRIPT_VERSION_MAX) return fieldError('maxLength', { max: SCRIPT_VERSION_MAX });
  return null;
}
