/**
 * The error answers as schemas, for the OpenAPI document. Apart from the catalogue (errors.ts),
 * which holds no zod: the console translates with the catalogue on its sign-in page, whose first
 * chunk has no room for zod (issue 35).
 */
import { z } from 'zod';
import { type ApiErrorBody, type FieldError, VALIDATION, type ValidationKey } from './errors.ts';

const messageParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** FieldError as a schema: documents the `details` of 400 answers in the OpenAPI document. */
export const fieldErrorSchema = z.object({
  key: z.enum(Object.keys(VALIDATION) as [ValidationKey, ...ValidationKey[]]),
  message: z.string(),
  params: messageParams.optional(),
}) satisfies z.ZodType<FieldError>;

/**
 * ApiErrorBody as a schema. Its id makes the OpenAPI document hold it once, as the component
 * `ApiError` that every error answer references.
 */
export const apiErrorSchema = z
  .object({
    reason: z.string().describe('English sentence of the catalogue entry, its parameters filled in'),
    code: z.string().describe('Stable catalogue key (ERRORS) that clients translate'),
    params: messageParams.optional(),
    details: z.record(z.string(), fieldErrorSchema).optional().describe('Per-field messages keyed by dotted path'),
  })
  .meta({
    id: 'ApiError',
    description: 'Body of every error answer (spec section 8)',
  }) satisfies z.ZodType<ApiErrorBody>;
