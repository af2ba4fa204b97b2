/** The manifest at the head of every backup archive: what it holds and what it needs. */
import { z } from 'zod';

/** Bumped when the archive layout changes; a reader refuses formats newer than its own. */
export const FORMAT_VERSION = 1;

export const manifestSchema = z.object({
  format: z.number().int().min(1),
  createdAt: z.string(),
  /** The database the archive was made from: a PGlite data-folder dump or PostgreSQL COPY data. */
  database: z.enum(['pglite', 'postgres']),
  serverVersion: z.string(),
  /** The last migration applied when the backup was made (drizzle's journal tag and time). */
  migration: z.object({ tag: z.string(), when: z.number().int() }),
  /** The app's tables in foreign-key dependency order, with their row counts. */
  tables: z.array(z.object({ name: z.string().regex(/^[a-z0-9_]+$/), rows: z.number().int().min(0) })),
  /** The instance secret key that sealed the secrets inside: its fingerprint, and the key itself unless left out. */
  key: z.object({ fingerprint: z.string(), value: z.string().optional() }),
});

export type Manifest = z.infer<typeof manifestSchema>;
