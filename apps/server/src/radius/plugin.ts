/**
 * Runs the RADIUS server with the app when RADIUS_PORT is set (`npm start`, `portiere serve`,
 * every node of a cluster alike): it listens once the app is ready and stops before the
 * database closes, letting the requests in hand finish.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { AppMetrics } from '../plugins/metrics.ts';
import type { Services } from '../services.ts';
import { RadiusServer } from './server.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The RADIUS server's address once listening; null when RADIUS is off. */
    radiusAddress(): AddressInfo | null;
  }
}

/** Counted nowhere when /metrics is off. */
const UNCOUNTED = { dropped: () => {}, replied: () => {} };

export function runRadius(
  app: FastifyInstance,
  settings: Config['radius'],
  services: Services,
  metrics: AppMetrics | null,
): void {
  if (!settings) {
    app.decorate('radiusAddress', () => null);
    return;
  }
  const server = new RadiusServer(
    services.radiusDirectory,
    services.radiusSignIns,
    metrics?.radius ?? UNCOUNTED,
    app.log,
  );
  app.decorate('radiusAddress', () => server.address());
  app.addHook('onReady', async () => {
    await server.listen(settings.port, settings.host);
  });
  app.addHook('onClose', async () => server.close());
}
