import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  closeAfterAnswers,
  createLogger,
  DEV_DEFAULTS,
  liveUpdatesFrom,
  ErrorFilter,
  flushTracing,
  frameworkErrorsOption,
  JwtStrategy,
  loadConfig,
  NestPinoLogger,
  metricsRegistry,
  publicKeyFrom,
  recordHttpMetrics,
  setupTracing,
  TOKEN_PUBLIC_KEY,
  traceRequests,
  type Logger,
} from '@garage/service-kit';
import { ApiDocsController } from './api-docs.controller.js';
import { proxyTrust } from './client-address.js';
import { gatewayConfig, type GatewayConfig } from './config.js';
import { GatewayController } from './gateway.controller.js';
import { Lifecycle } from './lifecycle.js';
import { LiveUpdatesController } from './live-updates.controller.js';
import { OpsController } from './ops.controller.js';
import { ApiProxy } from './proxy.js';
import { addRequestBudget, RequestBudget } from './request-budget.js';
import { serviceUrls } from './routes.js';
import { addSecurityHeaders } from './security-headers.js';
import { TokenCheck } from './token-check.js';
import { GATEWAY_CONFIG } from './tokens.js';
import { UpdateStreams } from './update-streams.js';
import { Upstreams } from './upstreams.js';
import { WebAssets } from './web-assets.js';
import { WebController } from './web.controller.js';

export interface RunningGateway {
  app: NestFastifyApplication;
  url: string;
  /** Where Prometheus scrapes `/metrics` (`METRICS_PORT`), or null when it is not served. */
  metricsUrl: string | null;
  config: GatewayConfig;
  /** Closes at once: the listener, then Redis, the service pools and tracing. */
  close(): Promise<void>;
  /** SIGTERM's way: not ready at once, serving for `SHUTDOWN_DRAIN_MS`, then `close`. */
  shutdown(): Promise<void>;
}

/** The one public entry: `/api/*` to the owning service, and the SPA when `WEB_DIST` is set. */
export async function startGateway(
  options: { env?: Record<string, string | undefined>; logger?: Logger; listen?: boolean } = {},
): Promise<RunningGateway> {
  const config = loadConfig(gatewayConfig, options.env ?? process.env, { production: ['JWT_PUBLIC_KEY'] });
  const logger = options.logger?.child({ service: 'gateway' }) ?? createLogger('gateway', config.LOG_LEVEL);
  await setupTracing({ serviceName: config.OTEL_SERVICE_NAME ?? 'gateway', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const upstreams = new Upstreams(serviceUrls(config), { retryWindowMs: config.UPSTREAM_RETRY_WINDOW_MS, logger });
  const errors = new ErrorFilter(logger);
  const budget = RequestBudget.of(config, logger);
  const trust = proxyTrust(config.TRUST_PROXY);
  const lifecycle = new Lifecycle();
  const streams = new UpdateStreams(liveUpdatesFrom(config, DEV_DEFAULTS.REDIS_URL), config.LIVE_HEARTBEAT_MS, logger);
  const webDist = config.WEB_DIST && existsSync(path.join(config.WEB_DIST, 'index.html')) ? path.resolve(config.WEB_DIST) : null;

  const root: DynamicModule = {
    module: class GatewayModule {},
    controllers: [OpsController, ApiDocsController, GatewayController, LiveUpdatesController, ...(webDist ? [WebController] : [])],
    providers: [
      { provide: Upstreams, useValue: upstreams },
      { provide: TOKEN_PUBLIC_KEY, useValue: publicKeyFrom(config) },
      JwtStrategy,
      TokenCheck,
      {
        provide: ApiProxy,
        useFactory: (tokens: TokenCheck) => new ApiProxy({ upstreams, tokens, config, budget, errors, logger, trust, lifecycle }),
        inject: [TokenCheck],
      },
      { provide: GATEWAY_CONFIG, useValue: config },
      { provide: Lifecycle, useValue: lifecycle },
      { provide: UpdateStreams, useValue: streams },
      ...(webDist ? [{ provide: WebAssets, useValue: new WebAssets(webDist) }] : []),
    ],
  };
  Module({})(root.module);

  const adapter = new FastifyAdapter({
    logger: false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: trust,
    bodyLimit: config.BODY_LIMIT_BYTES,
    frameworkErrors: frameworkErrorsOption(() => errors),
    // A request that reaches a closing gateway on a connection it still has open is served (and the
    // connection closed), not answered 503: the edge cannot tell that 503 from a service's.
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    logger: new NestPinoLogger(logger),
    bodyParser: false,
    abortOnError: false,
  });
  const proxy = app.get(ApiProxy);
  const fastify = app.getHttpAdapter().getInstance();
  // Bodies are not parsed here: they stream to the service, which parses and validates them.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null));
  traceRequests(fastify);
  recordHttpMetrics(fastify, 'gateway');
  addSecurityHeaders(fastify, config.NODE_ENV === 'production');
  fastify.addHook('onSend', async (_request, reply) => {
    if (lifecycle.closingConnections) void reply.header('connection', 'close');
  });
  fastify.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500 || logger.isLevelEnabled('debug')) {
      logger[reply.statusCode >= 500 ? 'warn' : 'debug'](
        {
          reqId: request.id,
          method: request.method,
          url: withoutToken(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
    }
  });
  const origins = config.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  app.enableCors({ origin: origins.length ? origins : false, credentials: false, maxAge: 600 });
  app.useGlobalFilters(errors);
  addRequestBudget(fastify, budget, errors);
  // What the proxy's own path leaves to Fastify and is still a service's (a CORS preflight when no
  // origin is allowed, a call while the gateway drains). The handler answers through the raw
  // response, so it returns `reply`: an async handler resolving to undefined makes Fastify send again.
  fastify.all('/api/*', async (request, reply) => {
    await proxy.forwardFrom(request, reply);
    return reply;
  });
  await app.init();
  await streams.start();
  // The proxy sees each request first; Fastify (and Nest) get only what it leaves.
  const server = app.getHttpServer();
  const [fastifyHandler] = server.listeners('request') as Array<(request: IncomingMessage, response: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!proxy.take(request, response)) fastifyHandler!.call(server, request, response);
  });
  // A restart lets every answer already written reach its client whole (see closeAfterAnswers).
  closeAfterAnswers(server);

  let url = '';
  if (options.listen !== false) {
    await app.listen(config.PORT, config.HOST);
    const address = app.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;
    logger.info({ url }, 'gateway listening');
  }
  const metrics = config.METRICS_PORT === undefined || options.listen === false ? null : await serveMetrics(config);
  if (metrics) logger.info({ url: metrics.url }, 'metrics listening');
  let closed: Promise<void> | null = null;
  const close = () =>
    (closed ??= (async () => {
      lifecycle.close();
      await streams.close();
      await metrics?.close();
      await app.close();
      await budget?.close();
      await upstreams.close();
      await flushTracing();
    })());
  return {
    app,
    url,
    metricsUrl: metrics?.url ?? null,
    config,
    close,
    shutdown: async () => {
      lifecycle.drain();
      logger.info({ drainMs: config.SHUTDOWN_DRAIN_MS }, 'not ready; draining before the listener closes');
      if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      await close();
    },
  };
}

/** A URL as logged: the live stream's `?token=` never reaches a log (decision 0212). */
function withoutToken(url: string): string {
  return url.replace(/([?&]token=)[^&]*/g, '$1[redacted]');
}

/**
 * Prometheus' `/metrics` on a port of its own (`METRICS_PORT`, on `METRICS_HOST`): the public port
 * (and so nginx and the Ingress) never routes it, and it tells routes, event types and versions.
 */
async function serveMetrics(config: GatewayConfig): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end('{"error":"Not found"}');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end('{"error":"Internal server error"}'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.METRICS_PORT, config.METRICS_HOST, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.METRICS_PORT;
  const host = config.METRICS_HOST === '0.0.0.0' ? '127.0.0.1' : config.METRICS_HOST;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
