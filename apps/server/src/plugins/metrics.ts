/**
 * Prometheus metrics at /metrics (docs/deployment.md, Monitoring). Each app has its own registry, so several
 * apps in one process (the tests) keep their counts apart. Requests are labelled by route
 * pattern (/api/v1/users/:id), never by the raw URL, so ids and secrets never become labels.
 *
 * Not public: on the main address /metrics needs METRICS_TOKEN as a bearer token and answers 404
 * without one configured; with METRICS_PORT it is served only on that separate address. With
 * neither, nothing is counted and prom-client is never loaded (about 2 MB of an idle server).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RADIUS_DROP_REASONS, type RadiusDropReason } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Counter, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { safeEqual, sha256 } from '../lib/crypto.ts';
import { AppError } from '../lib/errors.ts';
import type { Mailer } from '../mail/mailer.ts';

export type LockoutScope = 'source' | 'account';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves files (countAsFiles): counted as the one route `static`. */
    servesFiles?: boolean;
  }
  interface FastifyInstance {
    /** Null when metrics are off (no METRICS_TOKEN nor METRICS_PORT). */
    metrics: AppMetrics | null;
    /** The separate metrics listener's address (METRICS_PORT), once the app is ready. */
    metricsAddress(): AddressInfo | null;
  }
}

type Prom = typeof import('prom-client');

/**
 * Marks every route `scope` gets from here on as serving files (the console's and the portal's
 * folders and their index.html fallbacks): they are counted as one route, `static`, since
 * @fastify/static makes a route of each file and every build names its assets anew.
 */
export function countAsFiles(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, servesFiles: true };
  });
}

/** True when /metrics is served somewhere: then, and only then, the app counts. */
export const metricsOn = (settings: Config['metrics']) => settings.token !== undefined || settings.port !== undefined;

/** The app's metrics when they are on (prom-client loaded then), else null. */
export async function loadMetrics(database: Database, settings: Config['metrics']): Promise<AppMetrics | null> {
  return metricsOn(settings) ? new AppMetrics(database, await import('prom-client')) : null;
}

export class AppMetrics {
  readonly registry: Registry;
  private readonly requests: Counter<'method' | 'route' | 'status_class'>;
  private readonly latency: Histogram<'method' | 'route' | 'status_class'>;
  private readonly signIns: Counter<'outcome'>;
  private readonly lockouts: Counter<'scope'>;
  private readonly mails: Counter<'result'>;
  private readonly queries: Counter;
  private readonly shed: Counter;
  private readonly radiusDropped: Counter<'reason'>;
  private readonly radiusReplies: Counter<'code'>;

  constructor(database: Database, prom: Prom) {
    const { Counter, Gauge, Histogram, Registry } = prom;
    this.registry = new Registry();
    const registers = [this.registry];
    prom.collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'portiere_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      registers,
    });
    this.latency = new Histogram({
      name: 'portiere_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by route pattern, method and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      registers,
    });
    this.signIns = new Counter({
      name: 'portiere_sign_ins_total',
      help: 'Staff sign-in steps by outcome (the outcomes of the sign-in audit: success, bad_password, bad_otp, throttled, ...)',
      labelNames: ['outcome'] as const,
      registers,
    });
    this.lockouts = new Counter({
      name: 'portiere_sign_in_lockouts_total',
      help: 'Sign-in failures that barred a source from an account, or an account from untrusted sources',
      labelNames: ['scope'] as const,
      registers,
    });
    this.mails = new Counter({
      name: 'portiere_mails_total',
      help: 'Tries to hand a mail to the mail transport, by result (sent, or failed: retried from the queue or given up)',
      labelNames: ['result'] as const,
      registers,
    });
    this.queries = new Counter({
      name: 'portiere_db_queries_total',
      help: 'Database queries issued by this process',
      registers,
    });
    this.shed = new Counter({
      name: 'portiere_requests_shed_total',
      help: 'Requests answered 503 serverBusy because the server was past its capacity (plugins/admission.ts)',
      registers,
    });
    this.radiusDropped = new Counter({
      name: 'portiere_radius_dropped_total',
      help: 'RADIUS packets dropped unanswered, by reason (unknown_client, bad_authenticator, missing_authenticator, malformed, unsupported_code, overloaded)',
      labelNames: ['reason'] as const,
      registers,
    });
    this.radiusReplies = new Counter({
      name: 'portiere_radius_replies_total',
      help: 'RADIUS Access-Requests answered, by reply (Access-Accept, Access-Reject, Access-Challenge)',
      labelNames: ['code'] as const,
      registers,
    });
    for (const reason of RADIUS_DROP_REASONS) this.radiusDropped.inc({ reason }, 0);
    for (const result of ['sent', 'failed']) this.mails.inc({ result }, 0);
    for (const scope of ['source', 'account']) this.lockouts.inc({ scope }, 0);
    database.events.onQuery = () => this.queries.inc();
    new Gauge({
      name: 'portiere_db_max_connections',
      help: 'Connections this process may open to the database (PGlite: one)',
      labelNames: ['kind'] as const,
      registers,
    }).set({ kind: database.kind }, database.maxConnections);
    // One query per scrape fills the three gauges below (the registry collects them in parallel).
    let probing: Promise<DatabaseProbe> | undefined;
    const probeOnce = () => {
      probing ??= probeDatabase(database).finally(() => {
        probing = undefined;
      });
      return probing;
    };
    // The mail queue, shared by every node: what waits, and for how long the oldest has.
    let queueing: Promise<{ waiting: number; oldestS: number } | null> | undefined;
    const queueOnce = () => {
      queueing ??= probeMailQueue(database).finally(() => {
        queueing = undefined;
      });
      return queueing;
    };
    new Gauge({
      name: 'portiere_mail_queue_waiting',
      help: 'Mails in the queue not yet handed to the mail server (all nodes sharing the database)',
      registers,
      async collect() {
        const probe = await queueOnce();
        if (probe) this.set(probe.waiting);
      },
    });
    new Gauge({
      name: 'portiere_mail_queue_oldest_seconds',
      help: 'Age of the oldest mail waiting in the queue (0 when none waits)',
      registers,
      async collect() {
        const probe = await queueOnce();
        if (probe) this.set(probe.oldestS);
      },
    });
    new Gauge({
      name: 'portiere_db_up',
      help: 'Whether the database answered the scrape (1) or not (0)',
      registers,
      async collect() {
        this.set((await probeOnce()).up ? 1 : 0);
      },
    });
    new Gauge({
      name: 'portiere_db_probe_seconds',
      help: "Time the database took to answer the scrape's connection count",
      registers,
      async collect() {
        this.set((await probeOnce()).seconds);
      },
    });
    new Gauge({
      name: 'portiere_db_connections',
      help: 'Connections to the database by state, as the database reports them (all nodes sharing it)',
      labelNames: ['state'] as const,
      registers,
      async collect() {
        const { connections } = await probeOnce();
        this.reset();
        for (const [state, n] of connections) this.set({ state }, n);
      },
    });
  }

  signIn(outcome: string): void {
    this.signIns.inc({ outcome });
  }

  lockout(scope: LockoutScope): void {
    this.lockouts.inc({ scope });
  }

  /** What the RADIUS server (radius/server.ts) counts. */
  readonly radius = {
    dropped: (reason: RadiusDropReason) => this.radiusDropped.inc({ reason }),
    replied: (code: string) => this.radiusReplies.inc({ code }),
  };

  /** The same mailer, counting what it sends and what fails. */
  countMails(mailer: Mailer): Mailer {
    return {
      send: async (mail) => {
        try {
          await mailer.send(mail);
        } catch (error) {
          this.mails.inc({ result: 'failed' });
          throw error;
        }
        this.mails.inc({ result: 'sent' });
      },
      describe: () => mailer.describe(),
      close: (opts) => mailer.close(opts),
    };
  }

  /** Counts and times every answer of the app, the 404s included. */
  /** A request turned away with 503 serverBusy. */
  requestShed(): void {
    this.shed.inc();
  }

  countRequests(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.config.servesFiles ? 'static' : (request.routeOptions.url ?? 'unmatched'),
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      };
      this.requests.inc(labels);
      this.latency.observe(labels, reply.elapsedTime / 1000);
    });
  }
}

interface DatabaseProbe {
  up: boolean;
  seconds: number;
  connections: [state: string, count: number][];
}

async function probeDatabase(database: Database): Promise<DatabaseProbe> {
  const started = performance.now();
  try {
    const result = await database.db.execute(
      sql`select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity where datname = current_database() group by 1`,
    );
    // postgres.js answers an array of rows, PGlite an object holding them.
    const rows = (Array.isArray(result) ? result : result.rows) as { state: string; n: number }[];
    const connections = rows.map((r): [string, number] => [r.state, Number(r.n)]);
    return { up: true, seconds: (performance.now() - started) / 1000, connections };
  } catch {
    return { up: false, seconds: (performance.now() - started) / 1000, connections: [] };
  }
}

async function probeMailQueue(database: Database): Promise<{ waiting: number; oldestS: number } | null> {
  try {
    const result = await database.db.execute(
      // Never below 0: a node's clock a little ahead of the database's.
      sql`select count(*)::int as n, greatest(coalesce(extract(epoch from now() - min(created_at)), 0), 0)::float8 as oldest from mail_queue`,
    );
    const [row] = (Array.isArray(result) ? result : result.rows) as { n: number; oldest: number }[];
    return { waiting: Number(row?.n ?? 0), oldestS: Number(row?.oldest ?? 0) };
  } catch {
    // The database is away: portiere_db_up says so.
    return null;
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^bearer +(\S+)$/i.exec(header ?? '')?.[1];
  // Hashes first: equal lengths for the constant-time comparison.
  return given !== undefined && safeEqual(sha256(given), sha256(token));
}

/** The /metrics route on the main address, or a separate listener when METRICS_PORT is set. */
export function serveMetrics(app: FastifyInstance, metrics: AppMetrics | null, settings: Config['metrics']): void {
  const { token, port, host } = settings;
  app.decorate('metrics', metrics);

  // Registered even when off, so /metrics is a clean 404 and not a console page.
  app.get('/metrics', { schema: { hide: true }, config: { auth: 'public' } }, async (request, reply) => {
    if (port !== undefined || token === undefined || !metrics) return reply.callNotFound();
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError(401, 'unauthenticated');
    }
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });

  let server: http.Server | undefined;
  app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
  if (port === undefined || !metrics) return;
  server = http.createServer(async (req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return res.writeHead(404).end();
    if (token !== undefined && !bearerMatches(req.headers.authorization, token))
      return res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    try {
      const body = await metrics.registry.metrics();
      res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' }).end(body);
    } catch (error) {
      app.log.error({ error: String(error) }, 'metrics scrape failed');
      res.writeHead(500).end();
    }
  });
  const listener = server;
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, host, () => resolve());
    });
    app.log.info({ address: listener.address() }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    if (!listener.listening) return;
    listener.closeAllConnections();
    await new Promise((resolve) => listener.close(resolve));
  });
}
