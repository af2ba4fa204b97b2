/**
 * The server's public entry for code outside it (the bench): the app, its configuration and
 * database, the schema, the demo seed, the SMTP sink and a
 * server in a process of its own (test/nodes.ts). Nothing else imports the server's
 * files directly.
 */
export { and, eq, sql } from 'drizzle-orm';
export { buildApp } from './app.ts';
export { loadConfig } from './config.ts';
export { type Database, openPglite, openPostgres } from './db/client.ts';
export * as schema from './db/schema/index.ts';
export { SecretBox } from './lib/crypto.ts';
export { hashPassword, verifyPassword } from './lib/passwords.ts';
export { seedBulkMembers } from './seed/bulk-members.ts';
export { DEMO_PASSWORD, seedDemo } from './seed/demo.ts';
export { type Node, startNode } from './test/nodes.ts';
export { SmtpSink } from './test/smtp-sink.ts';
