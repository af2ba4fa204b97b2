/** Environment configuration, validated once at start with clear messages. */
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Portiere <no-reply@portiere.local>'),
  PUBLIC_URL: z.url('PUBLIC_URL must be a URL such as https://portiere.example.com').optional(),
  SECRET_KEY_FILE: z.string().optional(),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Sign-in requests allowed per IP and minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: bool.default(false),
  /** Members read per query while an export streams. */
  EXPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(100_000).default(1000),
  CONSOLE_DIR: z.string().optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    // Without a trailing slash: links are built as `${publicUrl}/path`.
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    secretKeyFile: path.resolve(c.SECRET_KEY_FILE ?? path.join(dataDir, 'secret.key')),
    seedDemo: c.SEED_DEMO,
    logLevel: c.LOG_LEVEL,
    loginRateLimit: c.LOGIN_RATE_LIMIT,
    trustProxy: c.TRUST_PROXY,
    exportBatchRows: c.EXPORT_BATCH_ROWS,
    consoleDir: path.resolve(c.CONSOLE_DIR ?? path.join(import.meta.dirname, '../../console/dist')),
  };
}
