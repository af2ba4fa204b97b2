/** Answers that several operations share. */
import { z } from 'zod';

/** A 204 answer: no body. The OpenAPI document shows it as a response without content. */
export const noContentSchema = z.undefined().describe('No content');

/**
 * A file answer (an export, an image): documented as a string, typed `unknown` because the
 * server sends it as a stream or a buffer.
 */
export const fileSchema = (description: string, format?: 'binary') =>
  z.unknown().meta({ type: 'string', ...(format ? { format } : {}), description });
