/** Every error answers `{reason, code, params?, details?}` (ARCHITECTURE, API conventions). */
import { type ApiErrorBody, ERRORS, type FieldError, fieldError } from '@portiere/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { reason: error.message, code: error.code };
      if (error.params) body.params = error.params;
      if (error.details) body.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, FieldError> = {};
      for (const v of error.validation) {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // zod does not echo the input; its message says when a value was absent.
        const emptyString = v.keyword === 'too_small' && v.params.origin === 'string' && v.params.minimum === 1;
        const missing = emptyString || (v.keyword === 'invalid_type' && /received undefined/.test(v.message ?? ''));
        details[path || '_'] ??= missing ? fieldError('required') : fieldError('invalid');
      }
      return reply.status(400).send({ reason: ERRORS.validation, code: 'validation', details } satisfies ApiErrorBody);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ reason: ERRORS.rateLimited, code: 'rateLimited' } satisfies ApiErrorBody);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ reason: error.message, code: error.code ?? 'generic' });
    }
    request.log.error({ err: error }, 'unhandled error');
    if (process.env.DEBUG_ERRORS) console.error(error);
    return reply.status(500).send({ reason: ERRORS.generic, code: 'generic' } satisfies ApiErrorBody);
  });
  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ reason: ERRORS.notFound, code: 'notFound' } satisfies ApiErrorBody);
  });
}
