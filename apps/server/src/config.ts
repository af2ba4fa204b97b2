/** Environment configuration, validated once at start with clear messages. */
import path from 'node:path';
import {
  API_KEY_RATE_LIMIT_PER_MIN,
  SCIM_KEY_RATE_LIMIT_PER_MIN,
  WORKSTATION_KEY_RATE_LIMIT_PER_MIN,
} from '@portiere/contracts';
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
  /** Calls per minute one manager user's API key may make. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(API_KEY_RATE_LIMIT_PER_MIN),
  WORKSTATION_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(WORKSTATION_KEY_RATE_LIMIT_PER_MIN),
  /** Calls per minute one API key may make at /scim/v2 (a directory's sync). */
  SCIM_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(SCIM_KEY_RATE_LIMIT_PER_MIN),
  TRUST_PROXY: bool.default(false),
  /** API requests worked on at once (default: twice the database connections, at least 8); more wait in line. */
  ADMISSION_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).optional(),
  /** The longest a request waits in line before it is answered 503 with Retry-After. */
  ADMISSION_MAX_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(750),
  /** Requests waiting in line at most; one more is answered 503 at once. */
  ADMISSION_MAX_QUEUE: z.coerce.number().int().min(0).max(100_000).default(1000),
  /** Members read per query while a CSV export streams (JSON and XLSX: at most 5,000, held as objects). */
  EXPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(100_000).default(10_000),
  /** Rate-limit counts in Redis instead of the database (several nodes share either). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  /** Where customer users download the workstation client (the Downloads page links to it). */
  WORKSTATION_CLIENT_URL: z
    .url({ protocol: /^https?$/, error: 'WORKSTATION_CLIENT_URL must be an http(s) URL' })
    .optional(),
  /** Where customer users with the login assistant download its client. */
  LA_CLIENT_URL: z.url({ protocol: /^https?$/, error: 'LA_CLIENT_URL must be an http(s) URL' }).optional(),
  CONSOLE_DIR: z.string().optional(),
  /** The members' pages (apps/portal) built elsewhere. */
  PORTAL_DIR: z.string().optional(),
  /** Bearer token Prometheus sends to /metrics; without it (or METRICS_PORT) /metrics answers 404. */
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{16,}$/, 'METRICS_TOKEN must be at least 16 characters without spaces')
    .optional(),
  /** Serve /metrics on its own address instead of the main one. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** The RADIUS server's UDP port (1812 is RADIUS's own); without it, no RADIUS server runs. 0: any free port. */
  RADIUS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** The address the RADIUS server listens on (default: HOST; an IPv6 address such as :: for IPv6). */
  RADIUS_HOST: z.string().optional(),
  /** Let the console import SAML metadata from private and loopback addresses (intranet providers). */
  SAML_METADATA_PRIVATE: bool.default(false),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema
    .refine((c) => !c.METRICS_PORT || c.METRICS_PORT !== c.PORT, {
      path: ['METRICS_PORT'],
      message: 'METRICS_PORT must differ from PORT',
    })
    .safeParse(defined);
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
    /** PUBLIC_URL as set, undefined when not (the OpenAPI document then names a relative server). */
    explicitPublicUrl: c.PUBLIC_URL,
    secretKeyFile: path.resolve(c.SECRET_KEY_FILE ?? path.join(dataDir, 'secret.key')),
    seedDemo: c.SEED_DEMO,
    logLevel: c.LOG_LEVEL,
    loginRateLimit: c.LOGIN_RATE_LIMIT,
    apiKeyRateLimit: c.API_KEY_RATE_LIMIT,
    workstationKeyRateLimit: c.WORKSTATION_KEY_RATE_LIMIT,
    scimKeyRateLimit: c.SCIM_KEY_RATE_LIMIT,
    trustProxy: c.TRUST_PROXY,
    exportBatchRows: c.EXPORT_BATCH_ROWS,
    admission: {
      concurrency: c.ADMISSION_CONCURRENCY,
      maxWaitMs: c.ADMISSION_MAX_WAIT_MS,
      maxQueue: c.ADMISSION_MAX_QUEUE,
    },
    metrics: { token: c.METRICS_TOKEN, port: c.METRICS_PORT, host: c.METRICS_HOST },
    radius: c.RADIUS_PORT === undefined ? null : { port: c.RADIUS_PORT, host: c.RADIUS_HOST ?? c.HOST },
    redisUrl: c.REDIS_URL,
    samlMetadataPrivate: c.SAML_METADATA_PRIVATE,
    /** Client download links shown to customer users (the Downloads page); absent when not configured. */
    clientUrls: { workstation: c.WORKSTATION_CLIENT_URL ?? null, loginAssistant: c.LA_CLIENT_URL ?? null },
    consoleDir: path.resolve(c.CONSOLE_DIR ?? path.join(import.meta.dirname, '../../console/dist')),
    portalDir: path.resolve(c.PORTAL_DIR ?? path.join(import.meta.dirname, '../../portal/dist')),
  };
}
