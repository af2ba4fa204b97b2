/** Every error answers `{reason, code, params?, details?}` (ARCHITECTURE, API conventions). */
import { type ApiErrorBody, ERRORS, type ErrorCode, type FieldError, fieldError } from '@portiere/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { dbErrorAnswer, loggableError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { allowedMethods } from './allowed-methods.ts';
import { API_PREFIX } from './auth-guard.ts';

const FRAMEWORK_CODES: Record<number, ErrorCode> = { 413: 'bodyTooLarge', 415: 'unsupportedMediaType' };

/**
 * Router refusals (an undecodable path, a path parameter over 100 characters) happen before any
 * route is chosen; they name no resource that can exist, so they answer like one that does not.
 */
export const frameworkErrors = (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  reply.status(404).send({ reason: ERRORS.notFound, code: 'notFound' } satisfies ApiErrorBody);
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    // A database error from bad data or a clash is the caller's: answer it like any other.
    const error = dbErrorAnswer(thrown) ?? thrown;
    if (error instanceof AppError) {
      const body: ApiErrorBody = { reason: error.message, code: error.code };
      if (error.params) body.params = error.params;
      if (error.details) body.details = error.details;
      if (error.retryAfterS) reply.header('retry-after', String(error.retryAfterS));
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, FieldError> = {};
      const schemas = request.routeOptions.schema as Record<string, unknown> | undefined;
      const schema = schemas?.[(error as { validationContext?: string }).validationContext ?? 'body'];
      for (const v of error.validation) {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // zod does not echo the input; its message says when a value was absent.
        const emptyString = v.keyword === 'too_small' && v.params.origin === 'string' && v.params.minimum === 1;
        const missing = emptyString || (v.keyword === 'invalid_type' && /received undefined/.test(v.message ?? ''));
        const outOfRange = (v.keyword === 'too_small' || v.keyword === 'too_big') && v.params.origin === 'number';
        const range = outOfRange ? numberRangeAt(schema, path ? path.split('.') : []) : null;
        details[path || '_'] ??= missing
          ? fieldError('required')
          : range
            ? fieldError('range', range)
            : fieldError('invalid');
      }
      return reply.status(400).send({ reason: ERRORS.validation, code: 'validation', details } satisfies ApiErrorBody);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ reason: ERRORS.rateLimited, code: 'rateLimited' } satisfies ApiErrorBody);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals (body parsing, content type, size) in the catalogue's words.
      const code = FRAMEWORK_CODES[error.statusCode] ?? 'badRequest';
      return reply.status(error.statusCode).send({ reason: ERRORS[code], code } satisfies ApiErrorBody);
    }
    // Never the error itself: a failed query carries its parameters in its message.
    request.log.error({ error: loggableError(error) }, 'unhandled error');
    return reply.status(500).send({ reason: ERRORS.generic, code: 'generic' } satisfies ApiErrorBody);
  });
  app.setNotFoundHandler((request, reply) => {
    // A path of the API that has other methods: 405 naming them, not a 404 that says it is not there.
    const allow = request.url.startsWith(API_PREFIX) ? allowedMethods(app, request.url) : [];
    if (allow.length) {
      reply.header('allow', allow.join(', '));
      return reply
        .status(405)
        .send({ reason: ERRORS.methodNotAllowed, code: 'methodNotAllowed' } satisfies ApiErrorBody);
    }
    return reply.status(404).send({ reason: ERRORS.notFound, code: 'notFound' } satisfies ApiErrorBody);
  });
}

type ZodLike = { _zod?: { def?: { innerType?: unknown; element?: unknown } }; shape?: Record<string, unknown> };

/** The number schema at `path` of a zod schema, through optional, default and nullable wrappers. */
function numberRangeAt(schema: unknown, path: string[]): { min: number; max: number } | null {
  const unwrap = (s: unknown) => {
    let z = s as ZodLike | undefined;
    while (z?._zod?.def?.innerType) z = z._zod.def.innerType as ZodLike;
    return z;
  };
  let node = unwrap(schema);
  for (const key of path) node = unwrap(/^\d+$/.test(key) ? node?._zod?.def?.element : node?.shape?.[key]);
  const { minValue: min, maxValue: max } = (node ?? {}) as { minValue?: number | null; maxValue?: number | null };
  // A bare .int() reports the safe-integer bounds: not a range the field declared.
  const declared = (n: number | null | undefined): n is number =>
    typeof n === 'number' && Math.abs(n) < Number.MAX_SAFE_INTEGER;
  return declared(min) && declared(max) ? { min, max } : null;
}
