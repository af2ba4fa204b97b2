/**
 * Reads the logo upload's multipart body (fields `logo` and `named_logo`) into memory, before
 * the route's handler and so before its database transaction: a slow upload holds no
 * connection. What a file holds is judged later (image-check.ts); here only how it arrives.
 */
import { finished } from 'node:stream/promises';
import { LOGO_KINDS, type LogoKind } from '@portiere/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/**
 * Files are read up to this size so that one over LOGO_MAX_BYTES gets its exact size in the
 * message; beyond it the request answers 413 like any body too large.
 */
export const UPLOAD_READ_LIMIT = 5 * 1024 * 1024;

/** busboy limits of the upload: two files and a few form fields at most. */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_READ_LIMIT,
  files: 4,
  fields: 10,
  parts: 14,
  fieldNameSize: 100,
  fieldSize: 1024,
  headerPairs: 100,
};

export type LogoFiles = Partial<Record<LogoKind, Buffer>>;

const uploads = new WeakMap<FastifyRequest, LogoFiles>();

const isLogoKind = (name: string): name is LogoKind => (LOGO_KINDS as readonly string[]).includes(name);

/**
 * preHandler: keeps the files of a multipart request. A file field without a file name is no
 * file (a form's empty file input); unknown fields and repeats of a field are read and dropped.
 */
export async function readLogoFiles(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const files: LogoFiles = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (isLogoKind(part.fieldname) && part.filename && !files[part.fieldname]) {
        files[part.fieldname] = await part.toBuffer();
      } else {
        await finished(part.file.resume());
      }
    }
  } catch (error) {
    // Too large answers 413 (error-handler.ts); a body that is not well-formed multipart, 400.
    if ((error as { statusCode?: number }).statusCode === 413) throw error;
    throw new AppError(400, 'badRequest');
  }
  uploads.set(request, files);
}

/** The files readLogoFiles found (none for a request that was not multipart). */
export function logoFilesOf(request: FastifyRequest): LogoFiles {
  return uploads.get(request) ?? {};
}
