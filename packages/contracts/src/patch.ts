/**
 * PATCH bodies: every field optional and without its create-time default.
 *
 * zod 4 applies a `.default()` even inside `.optional()`/`.partial()`, so a PATCH schema made
 * with `.partial()` of a create schema fills every absent field with its default and the
 * update overwrites what the caller never sent. `patchOf` strips the defaults first.
 */
import { z } from 'zod';

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
export type PatchShape<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> };

export function patchOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>): z.ZodObject<PatchShape<S>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const bare = field instanceof z.ZodDefault ? field.removeDefault() : field;
    shape[key] = (bare as z.ZodType).optional();
  }
  return z.object(shape) as unknown as z.ZodObject<PatchShape<S>>;
}
