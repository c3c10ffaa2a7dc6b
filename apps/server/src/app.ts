// Docs: docs/ARCHITECTURE.md#the-request-path — builds the Fastify app; main.ts and the tests both use it.
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { DomainError, HTTP_STATUS, internalErrorMessage, reportInternalError } from './errors';
import { registerAnalyticsRoutes } from './analytics/routes';
import { registerAttachmentRoutes } from './attachments/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerClassRecordRoutes } from './classRecord/routes';
import { registerHealthRoutes } from './http/health';
import { registerLtiRoutes } from './lti/routes';
import { registerLiveSocket } from './live/transport/socket';
import { registerMetricsRoutes } from './metrics/routes';
import { registerOutboxRoutes } from './mail/routes';
import { registerUnsubscribeRoutes } from './notifications/unsubscribeRoutes';
import { appRouter } from './router';
import { registerUserRoutes } from './users/routes';
import { registerSsoRoutes } from './sso/routes';
import { registerSecurityHeaders } from './http/security';
import { fastifyTrustProxy } from './http/trustProxy';
import { registerWebApp } from './http/web';
import { webDistDir } from './paths';
import type { Runtime } from './runtime';

export interface BuildAppOptions {
  runtime: Runtime;
  /** Fastify's logger: pino options (a `stream` to write lines to), or false for none (tests). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** The built web app; defaults to apps/web/dist. */
  webDist?: string;
}

/** Creates the HTTP app with every route registered; the caller listens and sets the runtime ready. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { runtime } = options;
  const config: Config = runtime.config;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // A hop count or proxy addresses, never every entry (http/trustProxy.ts).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Requests carry small JSON; the analytics batch limit is enforced by its own route.
    bodyLimit: 1024 * 1024,
  });

  app.setErrorHandler(
    (error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
      // A domain refusal (errors.ts) answers its own status: the one mapping to HTTP.
      const status =
        error instanceof DomainError
          ? HTTP_STATUS[error.code]
          : error.statusCode && error.statusCode >= 400
            ? error.statusCode
            : 500;
      if (status >= 500 && status !== 503) {
        // The detail (maybe SQL and data) goes to the log under an id; the client gets the id.
        const errorId = reportInternalError(error, request.log, { url: request.url });
        return reply
          .code(status)
          .send({ error: 'error', message: internalErrorMessage(errorId), errorId });
      }
      return reply
        .code(status)
        .send({ error: status === 503 ? 'unavailable' : 'error', message: error.message });
    },
  );

  // Every text answer over 1 KiB goes out brotli or gzip compressed (the web app's files are
  // compressed at build time and sent as they are; http/web.ts). Brotli quality 5: near gzip -9's
  // speed with a smaller result; the highest levels are for the build.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  registerSecurityHeaders(app, config);
  registerMetricsRoutes(app, runtime.metrics, config.metricsToken);
  registerHealthRoutes(app, runtime);
  registerAuthRoutes(app, runtime);
  registerSsoRoutes(app, runtime);
  registerOutboxRoutes(app, runtime);
  registerUserRoutes(app, runtime);
  registerAnalyticsRoutes(app, runtime);
  registerAttachmentRoutes(app, runtime);
  registerClassRecordRoutes(app, runtime);
  registerUnsubscribeRoutes(app, runtime);
  registerLtiRoutes(app, runtime);
  const live = registerLiveSocket(app, runtime, appRouter, runtime.metrics.live);
  runtime.metrics.watchSockets(() => live.connections);
  app.addHook('onClose', async () => live.close());
  // Before the database closes (main.ts and the tests close the app first): no job is half-taken.
  app.addHook('onClose', async () => runtime.services?.agents.stop());
  app.addHook('onClose', async () => runtime.services?.notifications.stop());
  app.addHook('onClose', async () => runtime.services?.push.stop());
  app.addHook('onClose', async () => runtime.services?.phaseTimer.stop());
  await registerWebApp(app, config, options.webDist ?? webDistDir);
  return app;
}
