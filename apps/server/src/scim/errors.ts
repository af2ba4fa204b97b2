/**
 * SCIM's error answers (RFC 7644 3.12): every failure under /scim/v2, ours or Fastify's, leaves
 * as `{schemas: [Error], status, scimType?, detail}` with the status as a string.
 */
import {
  ERRORS,
  formatMessage,
  SCIM_CONTENT_TYPE,
  SCIM_SCHEMAS,
  type ScimErrorBody,
  type ScimErrorType,
  VALIDATION,
  type ValidationKey,
} from '@portiere/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: ScimErrorType | undefined,
    detail: string,
  ) {
    super(detail);
  }
}

export const invalidValue = (detail: string) => new ScimError(400, 'invalidValue', detail);
export const invalidFilter = (detail: string) => new ScimError(400, 'invalidFilter', detail);
export const invalidSyntax = (detail: string) => new ScimError(400, 'invalidSyntax', detail);
/** A PUT or PATCH that would change a resource's id (RFC 7644 3.12 mutability). */
export const idImmutable = () => new ScimError(400, 'mutability', 'The id of a resource cannot be changed.');

export function scimErrorBody(status: number, scimType: ScimErrorType | undefined, detail: string): ScimErrorBody {
  return { schemas: [SCIM_SCHEMAS.error], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/** One answer for every failure: SCIM's own, the services' (AppError), Fastify's parsing and limits. */
export function sendScimError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let scimType: ScimErrorType | undefined;
  let detail: string = ERRORS.generic;
  if (error instanceof ScimError) {
    ({ status, scimType } = error);
    detail = error.message;
  } else if (error instanceof AppError) {
    status = error.statusCode;
    detail = error.message;
    if (status === 409) scimType = 'uniqueness';
    if (status === 400) scimType = 'invalidValue';
    // The members' field names, with the rule each broke in words (the console's own messages).
    const fields = Object.entries(error.details ?? {}).map(
      ([field, e]) => `${field}: ${formatMessage(VALIDATION[e.key as ValidationKey] ?? e.key, e.params)}`,
    );
    if (fields.length) detail = `${detail} (${fields.join('; ')})`;
    if (error.retryAfterS) reply.header('retry-after', String(error.retryAfterS));
  } else {
    const e = error as FastifyError;
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      status = e.statusCode;
      // A body that is not JSON, or not an object where one is wanted.
      if (status === 400) scimType = 'invalidSyntax';
      detail = status === 400 ? 'The request body is not valid JSON.' : e.message;
    }
  }
  if (status >= 500) request.log.error({ err: error }, 'SCIM request failed');
  return reply
    .status(status)
    .type(SCIM_CONTENT_TYPE)
    .send(scimErrorBody(status, scimType, detail));
}
