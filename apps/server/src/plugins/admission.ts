/**
 * Admission: at most `concurrency` requests are worked on at once; the others wait in one line,
 * first come first served, for at most `maxWaitMs`. Past that (or with `maxQueue` already
 * waiting) the request is answered at once with 503 serverBusy and Retry-After, before its
 * token is checked or its body read: a server past its capacity says so in a millisecond
 * instead of letting every caller wait half a minute.
 *
 * Why a line rather than letting every request in: Node starts all of them, each then queues
 * for the database once per query, and the unlucky ones queue many times over. Measured with
 * 200 callers on the embedded database: p50 0.24 s but p99 6 s; in one line the wait is the
 * same for everyone (bench/RESULTS.md, "Many operators at once").
 *
 * Health probes, /metrics and the console's and portal's files skip the line: they cost
 * nothing and must answer while the API is busy.
 */
import { type ApiErrorBody, ERRORS } from '@portiere/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface AdmissionOptions {
  /** Requests worked on at once. */
  concurrency: number;
  /** The longest a request waits for its turn before it is answered 503. */
  maxWaitMs: number;
  /** Requests waiting at most; one more is answered 503 at once. */
  maxQueue: number;
  /** Seconds the 503 asks the caller to wait (Retry-After). */
  retryAfterS?: number;
  /** Told of each request turned away (metrics). */
  onShed?: () => void;
}

const SKIPPED = new Set(['/healthz', '/readyz', '/livez', '/metrics']);

interface Waiting {
  admit(): void;
  timer: NodeJS.Timeout;
}

export function installAdmission(app: FastifyInstance, opts: AdmissionOptions): void {
  let running = 0;
  const line: Waiting[] = [];

  const next = () => {
    while (running < opts.concurrency && line.length) {
      const waiting = line.shift();
      if (!waiting) break;
      clearTimeout(waiting.timer);
      waiting.admit();
    }
  };

  const shed = (reply: FastifyReply) => {
    opts.onShed?.();
    reply
      .code(503)
      .header('retry-after', String(opts.retryAfterS ?? 1))
      .header('cache-control', 'no-store')
      .send({ reason: ERRORS.serverBusy, code: 'serverBusy' } satisfies ApiErrorBody);
  };

  const admitted = new WeakSet<FastifyRequest>();
  const release = (request: FastifyRequest) => {
    if (!admitted.delete(request)) return;
    running--;
    next();
  };

  app.addHook('onRequest', (request, reply, done) => {
    const url = request.routeOptions.url ?? '';
    if (request.routeOptions.config.servesFiles || SKIPPED.has(url)) return done();
    const admit = () => {
      running++;
      admitted.add(request);
      done();
    };
    if (running < opts.concurrency && !line.length) return admit();
    if (line.length >= opts.maxQueue) return shed(reply);
    const waiting: Waiting = {
      admit,
      timer: setTimeout(() => {
        line.splice(line.indexOf(waiting), 1);
        shed(reply);
      }, opts.maxWaitMs),
    };
    line.push(waiting);
    // A caller that gives up while waiting leaves the line.
    reply.raw.once('close', () => {
      const at = line.indexOf(waiting);
      if (at === -1) return;
      line.splice(at, 1);
      clearTimeout(waiting.timer);
    });
  });
  // Whichever comes first: the answer sent, or the connection gone while it was worked on.
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
}
