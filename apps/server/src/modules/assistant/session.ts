/**
 * The assistant's bearer: an opaque token whose SHA-256 names a 'session' row of
 * assistant_sessions. Not a staff JWT, so the assistant's routes are public to the staff auth
 * guard and resolve their session here, at onRequest like the guard, so that a request without
 * a live session answers 401 whatever its body holds.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { assistantSessions } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { assertLaEnabled } from '../../plugins/la-guard.ts';

export type SessionRow = typeof assistantSessions.$inferSelect;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route needs an assistant session (modules/assistant/session.ts); 'optional': it reads
     * one when sent (a step-up's start), which the OpenAPI document shows as optional security.
     */
    assistantSession?: true | 'optional';
  }
  interface FastifyRequest {
    assistantSession?: SessionRow;
  }
}

/** The bearer token of the request, if any (the scheme name is case-insensitive, RFC 9110 11.1). */
export function bearerOf(request: FastifyRequest): string | undefined {
  return /^bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

/** The live session a token names, or null. */
export async function findSession(db: Db, token: string, now: Date): Promise<SessionRow | null> {
  if (token.length > 200) return null;
  const [row] = await db
    .select()
    .from(assistantSessions)
    .where(
      and(
        eq(assistantSessions.tokenHash, sha256(token)),
        eq(assistantSessions.kind, 'session'),
        gt(assistantSessions.expiresAt, now),
      ),
    );
  return row ?? null;
}

/**
 * For the routes of `app` that declare `config.assistantSession`: 401 without a live session,
 * then 403 laDisabled when its customer no longer has the login assistant.
 */
export function requireAssistantSession(app: FastifyInstance, db: Db, now: () => Date): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.assistantSession !== true) return;
    const token = bearerOf(request);
    const session = token ? await findSession(db, token, now()) : null;
    if (!session?.memberId) throw new AppError(401, 'unauthenticated');
    await assertLaEnabled(db, session.customerId);
    request.assistantSession = session;
  });
}

/** The session of a route that declared it. */
export function sessionOf(request: FastifyRequest): SessionRow & { memberId: string } {
  const session = request.assistantSession;
  if (!session?.memberId) throw new AppError(401, 'unauthenticated');
  return session as SessionRow & { memberId: string };
}
