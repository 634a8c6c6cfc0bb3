import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createLogger,
  ErrorFilter,
  flushTracing,
  loadConfig,
  NestPinoLogger,
  publicKeyFrom,
  recordHttpMetrics,
  setupTracing,
  TokenVerifier,
  traceRequests,
  type Logger,
} from '@garage/service-kit';
import { gatewayConfig, type GatewayConfig } from './config.js';
import { GatewayController, proxy } from './gateway.controller.js';
import { OpsController } from './ops.controller.js';
import { serviceUrls } from './routes.js';
import { addSecurityHeaders } from './security-headers.js';
import { TokenCheck } from './token-check.js';
import { GATEWAY_CONFIG } from './tokens.js';
import { Upstreams } from './upstreams.js';
import { WebAssets } from './web-assets.js';
import { WebController } from './web.controller.js';

export interface RunningGateway {
  app: NestFastifyApplication;
  url: string;
  config: GatewayConfig;
  close(): Promise<void>;
}

/** The one public entry: `/api/*` to the owning service, and the SPA when `WEB_DIST` is set. */
export async function startGateway(
  options: { env?: Record<string, string | undefined>; logger?: Logger; listen?: boolean } = {},
): Promise<RunningGateway> {
  const config = loadConfig(gatewayConfig, options.env ?? process.env, { production: ['JWT_PUBLIC_KEY'] });
  const logger = options.logger?.child({ service: 'gateway' }) ?? createLogger('gateway', config.LOG_LEVEL);
  setupTracing({ serviceName: config.OTEL_SERVICE_NAME ?? 'gateway', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const upstreams = new Upstreams(serviceUrls(config), { retryWindowMs: config.UPSTREAM_RETRY_WINDOW_MS, logger });
  const tokens = new TokenCheck(await TokenVerifier.fromPem(publicKeyFrom(config)));
  const webDist = config.WEB_DIST && existsSync(path.join(config.WEB_DIST, 'index.html')) ? path.resolve(config.WEB_DIST) : null;

  const root: DynamicModule = {
    module: class GatewayModule {},
    controllers: [OpsController, GatewayController, ...(webDist ? [WebController] : [])],
    providers: [
      { provide: Upstreams, useValue: upstreams },
      { provide: TokenCheck, useValue: tokens },
      { provide: GATEWAY_CONFIG, useValue: config },
      ...(webDist ? [{ provide: WebAssets, useValue: new WebAssets(webDist) }] : []),
    ],
  };
  Module({})(root.module);

  const adapter = new FastifyAdapter({
    logger: false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: false,
    bodyLimit: config.BODY_LIMIT_BYTES,
  });
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    logger: new NestPinoLogger(logger),
    bodyParser: false,
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // Bodies are not parsed here: they stream to the service, which parses and validates them.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null));
  traceRequests(fastify, 'gateway');
  recordHttpMetrics(fastify, 'gateway');
  addSecurityHeaders(fastify, config.NODE_ENV === 'production');
  let draining = false;
  fastify.addHook('onSend', async (_request, reply) => {
    if (draining) void reply.header('connection', 'close');
  });
  fastify.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500 || logger.isLevelEnabled('debug')) {
      logger[reply.statusCode >= 500 ? 'warn' : 'debug'](
        { reqId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    }
  });
  const origins = config.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  app.enableCors({ origin: origins.length ? origins : false, credentials: false, maxAge: 600 });
  const errors = new ErrorFilter(logger);
  app.useGlobalFilters(errors);
  fastify.all('/api/*', async (request, reply) => {
    try {
      await proxy(upstreams, tokens, config, request, reply);
    } catch (error) {
      errors.send(error, request, reply);
    }
  });
  await app.init();

  let url = '';
  if (options.listen !== false) {
    await app.listen(config.PORT, config.HOST);
    const address = app.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;
    logger.info({ url }, 'gateway listening');
  }
  return {
    app,
    url,
    config,
    close: async () => {
      draining = true;
      await app.close();
      await upstreams.close();
      await flushTracing();
    },
  };
}
