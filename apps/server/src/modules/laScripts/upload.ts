/**
 * Reads and checks a script upload (multipart: `file`, `version`). The type is decided by the
 * extension AND the content: a text script must be UTF-8 without NUL bytes, a .zip must start
 * with a zip header, so a binary renamed .js is refused.
 */
import {
  fieldErrorsOf,
  hasScriptExtension,
  SCRIPT_MAX_BYTES,
  scriptTooLargeError,
  scriptTypeError,
  scriptUploadFieldsSchema,
} from '@portiere/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../lib/errors.ts';

/** Read past the limit only this far, to tell how large a refused file is. */
const READ_AT_MOST = 4 * SCRIPT_MAX_BYTES;
const ZIP_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export interface ScriptUpload {
  name: string;
  version: string;
  content: Buffer;
}

const typeError = () => new AppError(400, 'scriptType', scriptTypeError().params);

/** The file's base name: browsers and tools may send a path ('C:\\scripts\\a.js', 'dir/a.js'). */
export function baseName(filename: string): string {
  return filename.split(/[\\/]/).pop()?.trim() ?? '';
}

/** scriptType unless the extension is accepted and the bytes are what it says. */
export function checkScriptType(name: string, content: Buffer): void {
  if (!hasScriptExtension(name)) throw typeError();
  if (name.toLowerCase().endsWith('.zip')) {
    if (!content.subarray(0, ZIP_HEADER.length).equals(ZIP_HEADER)) throw typeError();
    return;
  }
  if (content.includes(0)) throw typeError();
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw typeError();
  }
}

/** The form's parts; a form the parser cannot read answers 400 (413 past its limits). */
export async function readScriptUpload(req: FastifyRequest): Promise<ScriptUpload> {
  if (!req.isMultipart()) throw new AppError(400, 'scriptMissing');
  let file: { filename: string; content: Buffer; size: number } | undefined;
  let version: string | undefined;
  try {
    const parts = req.parts({
      limits: { fileSize: READ_AT_MOST, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
      // Past the limit the file is cut, not refused: its size is still reported.
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'version' && typeof part.value === 'string') version = part.value;
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        // Beyond the limit only counted: the answer says how large it is.
        if (size <= SCRIPT_MAX_BYTES) chunks.push(chunk);
      }
      if (part.fieldname === 'file') file = { filename: part.filename ?? '', content: Buffer.concat(chunks), size };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw (err as { statusCode?: number }).statusCode === 413
      ? new AppError(413, 'bodyTooLarge')
      : new AppError(400, 'badRequest');
  }
  if (!file || file.size === 0) throw new AppError(400, 'scriptMissing');
  if (file.size > SCRIPT_MAX_BYTES) throw new AppError(413, 'scriptTooLarge', scriptTooLargeError(file.size).params);
  // The form's fields, as the contract (and the console's form) checks them.
  const fields = { file: baseName(file.filename), version: version ?? '' };
  const errors = fieldErrorsOf(scriptUploadFieldsSchema, fields);
  if (Object.keys(errors).length) throw validationError(errors);
  const { file: name, version: trimmed } = scriptUploadFieldsSchema.parse(fields);
  checkScriptType(name, file.content);
  return { name, version: trimmed, content: file.content };
}
