/**
 * Builds the Fastify app. Tests call buildApp() and use app.inject(); main.ts listens.
 * The app owns its database handle and closes it on app.close().
 */
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SCIM_PATH } from '@portiere/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/routes.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { SecretBox } from './lib/crypto.ts';
import { loggedUrl } from './lib/logged-url.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { applicationRoutes } from './modules/applications/routes.ts';
import { appRoleRoutes } from './modules/appRoles/routes.ts';
import { assistantRoutes } from './modules/assistant/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { configurationRoutes } from './modules/configurations/routes.ts';
import { credentialRoutes } from './modules/credentials/routes.ts';
import { customerRoutes } from './modules/customers/routes.ts';
import { customizationRoutes } from './modules/customization/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { deviceRoutes } from './modules/device/routes.ts';
import { downloadRoutes } from './modules/downloads/routes.ts';
import { MAX_TOKEN_LENGTH } from './modules/enrollment/link.ts';
import { enrollmentRoutes } from './modules/enrollment/routes.ts';
import { flowRoutes } from './modules/flows/routes.ts';
import { hardwareTokenRoutes } from './modules/hardwareTokens/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { laAppRoutes } from './modules/laApps/routes.ts';
import { laFlowRoutes } from './modules/laFlow/routes.ts';
import { laScriptRoutes } from './modules/laScripts/routes.ts';
import { laUserRoutes } from './modules/laUsers/routes.ts';
import { loginGroupRoutes } from './modules/loginGroups/routes.ts';
import { mailTemplateRoutes } from './modules/mailTemplates/routes.ts';
import { managerUserRoutes } from './modules/managerUsers/routes.ts';
import { memberSignInsRoutes } from './modules/memberSignIns/routes.ts';
import { memberRoutes } from './modules/members/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { radiusClientRoutes } from './modules/radiusClients/routes.ts';
import { recoveryRoutes } from './modules/recovery/routes.ts';
import { roleRoutes } from './modules/roles/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { temporaryCardRoutes } from './modules/temporaryCards/routes.ts';
import { webLoginRoutes } from './modules/webLogin/routes.ts';
import { workstationKeyRoutes } from './modules/workstation/keyRoutes.ts';
import { workstationRoutes } from './modules/workstation/routes.ts';
import { workstationUserRoutes } from './modules/workstationUsers/routes.ts';
import { loadOidcKeys } from './oidc/keys.ts';
import { mountOidc } from './oidc/mount.ts';
import { installAdmission } from './plugins/admission.ts';
import { type AuditRoute, installAudit } from './plugins/audit.ts';
import { pruneAuditPeriodically } from './plugins/audit-retention.ts';
import { API_PREFIX, installAuthentication } from './plugins/auth-guard.ts';
import { refuseLargeBodies } from './plugins/body-limit.ts';
import { compression } from './plugins/compression.ts';
import { serveConsole } from './plugins/console.ts';
import { frameworkErrors, installErrorHandler } from './plugins/error-handler.ts';
import { loadMetrics, serveMetrics } from './plugins/metrics.ts';
import { openApiOptions } from './plugins/openapi.ts';
import { servePortal } from './plugins/portal.ts';
import { rateLimitStorage } from './plugins/rate-limit-store.ts';
import { refuseBadText } from './plugins/refuse-bad-text.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { runRadius } from './radius/plugin.ts';
import { samlRoutes } from './saml/routes.ts';
import { scimRoutes } from './scim/routes.ts';
import { buildServices, type Services } from './services.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  box?: SecretBox;
  mailer?: Mailer;
  now?: () => Date;
  /**
   * Prune audit events past retention on a timer (a minute after start, then hourly). Tests on a
   * clock of their own turn it off: the timer would prune on that clock in the middle of a test.
   */
  auditPruning?: boolean;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** 'METHOD url' of each API route -> its audit declaration (audit-routes.test.ts). */
    auditRoutes: Map<string, AuditRoute | undefined>;
  }
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            // Never log credentials, codes, tokens, API keys or personal data: not the headers,
            // not the secrets some paths carry, not query values (lib/logged-url.ts).
            redact: [
              'req.headers.authorization',
              'req.headers["x-api-key"]',
              'req.headers.cookie',
              'req.body.password',
              'req.body.otp',
              'req.body.refresh',
            ],
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: loggedUrl(req.url),
                remoteAddress: req.ip,
              }),
            },
          },
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    // Enrolment link tokens travel in the path (enroll/<token>/) and are longer than the default 100.
    routerOptions: { maxParamLength: MAX_TOKEN_LENGTH },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const metrics = await loadMetrics(opts.database, config.metrics);
  metrics?.countRequests(app);
  // Before everything else a request meets (authentication queries the database).
  installAdmission(app, {
    concurrency: config.admission.concurrency ?? Math.max(8, 2 * opts.database.maxConnections),
    maxWaitMs: config.admission.maxWaitMs,
    maxQueue: config.admission.maxQueue,
    onShed: metrics ? () => metrics.requestShed() : undefined,
  });

  const box = opts.box ?? SecretBox.fromFile(config.secretKeyFile);
  const transport =
    opts.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: `${config.dataDir}/outbox`,
      log: app.log,
    });
  const mailer = metrics ? metrics.countMails(transport) : transport;
  const services = await buildServices(
    opts.database,
    box,
    mailer,
    config.publicUrl,
    opts.now,
    metrics ?? undefined,
    app.log,
    config.trustProxy,
    { clientUrls: config.clientUrls, samlMetadataPrivate: config.samlMetadataPrivate },
  );
  app.decorate('services', services);
  // The provider's first signing key is made at start, not by whichever request comes first;
  // the library itself (about half a second, and its memory) loads with the first sign-in.
  await loadOidcKeys(opts.database.db, box);
  app.addHook('onClose', async () => {
    mailer.close();
    await opts.database.close();
  });
  // Mail queued before the start (a stop, a crash, another node) goes at once; at shutdown the
  // deliveries in progress end before the transport and the database close (onClose hooks run
  // last-added first).
  app.addHook('onReady', async () => services.mailSender.start());
  app.addHook('onClose', async () => services.mailSender.stop());
  // Audit events are sealed shortly after each write, and what is left at shutdown before the
  // database closes (onClose hooks run last-added first).
  app.addHook('onReady', async () => services.auditSealer.start());
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') services.auditSealer.kick();
  });
  app.addHook('onClose', async () => {
    await services.auditSealer.stop();
    await services.auditSealer.flush().catch(() => {});
  });

  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        scriptSrc: ["'self'"],
        // Only over https (below): over plain http it would send the browser to an https port
        // nobody listens on, and the console would stay blank.
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
  });
  const publicHttps = config.publicUrl.startsWith('https:');
  app.addHook('onSend', async (request, reply) => {
    // request.protocol follows x-forwarded-proto only when TRUST_PROXY is set.
    if (!publicHttps && request.protocol !== 'https') return;
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
  });
  // Answers from 1 KB up go out brotli- or gzip-encoded when the client asks (plugins/compression.ts);
  // the console's files are compressed at build time instead (plugins/console.ts).
  await app.register(compress, compression);
  // Counted where every node sees the counts (rate-limit-store.ts).
  const limits = await rateLimitStorage({ redisUrl: config.redisUrl, db: services.db, now: opts.now, log: app.log });
  app.addHook('onClose', limits.close);
  await app.register(rateLimit, { global: false, ...limits.options });
  await app.register(cookie);
  installAuthentication(app, services.tokens, { keys: services.apiKeys, ratePerMinute: config.apiKeyRateLimit });
  refuseLargeBodies(app);
  refuseBadText(app);
  // API answers may carry tokens, one-time secrets, QR codes or personal data: no cache keeps them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(API_PREFIX) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  await app.register(swagger, openApiOptions(config));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.decorate('auditRoutes', installAudit(app, opts.database.db, opts.now ?? (() => new Date())));
  healthRoutes(app, opts.database);
  if (opts.auditPruning !== false) pruneAuditPeriodically(app, services.db, opts.now ?? (() => new Date()));
  serveMetrics(app, metrics, config.metrics);
  // Added after the database's onClose hook, so it stops first (last-added runs first).
  runRadius(app, config.radius, services, metrics);
  await app.register(
    async (api) => {
      await api.register(authRoutes(services, config.loginRateLimit));
      await api.register(customerRoutes(services));
      await api.register(managerUserRoutes(services, config.loginRateLimit));
      await api.register(laScriptRoutes(services));
      await api.register(downloadRoutes(services));
      await api.register(settingsRoutes(services));
      await api.register(customizationRoutes(services));
      await api.register(mailTemplateRoutes(services));
      await api.register(memberRoutes(services, config.exportBatchRows, opts.now));
      await api.register(credentialRoutes(services));
      await api.register(configurationRoutes(services));
      await api.register(temporaryCardRoutes(services));
      await api.register(hardwareTokenRoutes(services));
      await api.register(recoveryRoutes(services));
      await api.register(roleRoutes(services));
      await api.register(workstationUserRoutes(services));
      await api.register(applicationRoutes(services));
      await api.register(flowRoutes(services));
      await api.register(appRoleRoutes(services));
      await api.register(assistantRoutes(services, config.loginRateLimit, opts.now));
      await api.register(dashboardRoutes(services));
      await api.register(auditRoutes(services, opts.now));
      await api.register(laAppRoutes(services));
      await api.register(profileRoutes(services));
      await api.register(loginGroupRoutes(services));
      await api.register(laUserRoutes(services));
      await api.register(laFlowRoutes(services));
      // The portal polls while an app enrols: more calls per address than a sign-in makes.
      await api.register(enrollmentRoutes(services, 4 * config.loginRateLimit));
      await api.register(memberSignInsRoutes(services));
      // The sign-in page polls while the member's app approves, like the enrolment page.
      await api.register(webLoginRoutes(services, 4 * config.loginRateLimit));
      await api.register(deviceRoutes(services, 4 * config.loginRateLimit));
      await api.register(workstationKeyRoutes(services));
      await api.register(radiusClientRoutes(services));
      // A client polls while an app approves, as the sign-in page does.
      await api.register(
        workstationRoutes(services, { perKey: config.workstationKeyRateLimit, perAddress: 4 * config.loginRateLimit }),
      );
    },
    { prefix: '/api/v1' },
  );
  await mountOidc(app, services.oidc);
  await app.register(samlRoutes(services.saml, services.samlLogout, config.publicUrl));
  await app.register(
    scimRoutes(
      { users: services.scimUsers, groups: services.scimGroups },
      { keys: services.apiKeys, ratePerMinute: config.scimKeyRateLimit },
      config.publicUrl,
    ),
    { prefix: SCIM_PATH },
  );
  await servePortal(app, config.portalDir);
  await serveConsole(app, config.consoleDir);
  return app;
}
