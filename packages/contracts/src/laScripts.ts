/**
 * A customer's login-assistant scripts (spec section 2, /customer-view/script/:id): files the
 * reseller uploads for the customer's login assistants. Only for customers with the login
 * assistant (la_enabled); otherwise every call answers 403 laDisabled.
 *
 * Calls (reseller users, for their own customers only; another reseller's ids answer 404):
 * - `GET customers/{id}/scripts/` (paging, `search` on the name) → `{count, items}`;
 * - `POST customers/{id}/scripts/` multipart: `file`, `version` → the script;
 * - `GET customers/{id}/scripts/{scriptId}/download/` → the bytes as an attachment, with its
 *   SHA-256 in the `Digest`-like header `X-Content-SHA256`;
 * - `DELETE customers/{id}/scripts/{scriptId}/` → 204.
 */
import { z } from 'zod';
import { fieldErrorsOf } from './issueFieldError.ts';
import { dayParam, integerParam } from './lists.ts';
import { fileSchema } from './responses.ts';

/** Largest accepted script, in bytes. */
export const SCRIPT_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Accepted file types, by extension AND content: text scripts must be UTF-8 text without NUL
 * bytes; a .zip must start with a zip header.
 */
export const SCRIPT_EXTENSIONS = ['.js', '.ps1', '.vbs', '.py', '.json', '.xml', '.txt', '.zip'] as const;
export const SCRIPT_NAME_MAX = 200;
export const SCRIPT_VERSION_MAX = 50;
const KB = 1024;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A UTF-16 surrogate without its pair: text no file system or header can hold. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Control characters would reach headers and file systems: refused like NULs. */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !CONTROL.test(v) && !LONE_SURROGATE.test(v), { params: { key: 'invalidText' } });

/** The upload's `version` field, trimmed. */
export const scriptVersionSchema = plainText(SCRIPT_VERSION_MAX);
/** The file's base name (as stored and offered for download). */
export const scriptFileNameSchema = plainText(SCRIPT_NAME_MAX);

/**
 * The upload's fields as the server checks them once the form is read: the file by its name,
 * and the version. Their field errors answer 400 validation under `file` and `version`.
 */
export const scriptUploadFieldsSchema = z.object({ file: scriptFileNameSchema, version: scriptVersionSchema });

/** The multipart body, for the OpenAPI document (the route reads the form itself). */
export const scriptUploadBodySchema = scriptUploadFieldsSchema.extend({
  file: fileSchema(`${SCRIPT_EXTENSIONS.join(', ')}; at most ${SCRIPT_MAX_BYTES / KB} KB`, 'binary'),
});

/** What the browser knows of a chosen file. */
export interface ScriptFileLike {
  name: string;
  size: number;
}

/** The catalogue's refusals of a file (spec 8), with their params. */
export type ScriptFileError =
  | { code: 'scriptMissing' }
  | { code: 'scriptType'; params: { extensions: string } }
  | { code: 'scriptTooLarge'; params: { actual: number; max: number } };

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/** scriptType unless the name ends in an accepted extension (the server also reads the content). */
export const hasScriptExtension = (name: string) =>
  (SCRIPT_EXTENSIONS as readonly string[]).includes(extensionOf(name));

export const scriptTypeError = (): Extract<ScriptFileError, { code: 'scriptType' }> => ({
  code: 'scriptType',
  params: { extensions: SCRIPT_EXTENSIONS.join(', ') },
});

/** Sizes are said in KB (1024 bytes), rounded up: a byte over the limit shows as over. */
export const scriptTooLargeError = (size: number): Extract<ScriptFileError, { code: 'scriptTooLarge' }> => ({
  code: 'scriptTooLarge',
  params: { actual: Math.ceil(size / KB), max: SCRIPT_MAX_BYTES / KB },
});

/**
 * What the browser can tell of a chosen file before sending it: none chosen, then the type by its
 * extension, then the size (the server reads the content too, and refuses an empty file).
 */
export function chosenScriptFileError(file: ScriptFileLike | null | undefined): ScriptFileError | null {
  if (!file) return { code: 'scriptMissing' };
  if (!hasScriptExtension(file.name)) return scriptTypeError();
  if (file.size > SCRIPT_MAX_BYTES) return scriptTooLargeError(file.size);
  return null;
}

/**
 * The upload form in the browser (F: its File): the chosen file, refused with a catalogue error
 * named by `params.code` (chosenScriptFileError), then by its name's field error as the server
 * says it; and the version. The parsed body holds the file itself.
 */
export const scriptUploadFormSchema = <F extends ScriptFileLike>() =>
  scriptUploadFieldsSchema.extend({
    file: z.custom<F | null>().transform((file, ctx) => {
      const problem = chosenScriptFileError(file);
      if (!file || problem) {
        const params = problem && 'params' in problem ? problem.params : {};
        ctx.addIssue({ code: 'custom', input: file, params: { code: problem?.code ?? 'scriptMissing', ...params } });
        return z.NEVER;
      }
      const nameError = fieldErrorsOf(scriptFileNameSchema, file.name)[''];
      if (nameError) ctx.addIssue({ code: 'custom', input: file, params: { key: nameError.key, ...nameError.params } });
      return file;
    }),
  });

export const laScriptSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  /** Bytes. */
  size: z.number().int(),
  sha256: z.string(),
  uploaded_at: z.string(),
  /** Username of the reseller user who uploaded it. */
  uploaded_by: z.string(),
});
export type LaScript = z.infer<typeof laScriptSchema>;

export const laScriptListQuerySchema = z.object({
  page: integerParam(),
  page_size: integerParam(),
  search: z.string().max(200).optional(),
  /** Days the scripts were uploaded (uploaded_before inclusive). */
  uploaded_after: dayParam,
  uploaded_before: dayParam,
});
