import { randomUUID } from 'node:crypto';
import {
  Global,
  Module,
  type DynamicModule,
  type INestApplication,
  type OnApplicationShutdown,
  type Provider,
  type Type,
} from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { EVENT_CONSUMERS } from '@garage/contracts';
import type { DatabaseOptions } from '@garage/database';
import {
  InProcessBus,
  Inbox,
  MessagingTables1763700000000,
  Outbox,
  RabbitMqBus,
  type EventBus,
  type EventHandler,
} from '@garage/event-bus';
import { BASE_PRODUCTION_REQUIRED, baseConfigShape, DEV_DEFAULTS, loadConfig, type BaseConfig } from './config.js';
import { databaseModule } from './database.module.js';
import { ErrorFilter } from './error.filter.js';
import { frameworkErrorsOption } from './framework-errors.js';
import { HEALTH_CHECKS, HealthController, type HealthCheck } from './health.js';
import { InboxTransport } from './inbox.transport.js';
import { createLogger, NestPinoLogger, type Logger } from './logger.js';
import { JwtStrategy, TOKEN_PUBLIC_KEY } from './jwt.strategy.js';
import { Owners } from './owners.js';
import { publicKeyFrom } from './tokens.js';
import { ViewerGuard } from './viewer.js';
import { Clock } from './clock.port.js';
import { SystemClock } from './system-clock.js';
import { eventMetrics, MetricsController, recordHttpMetrics, watchEventBus, watchOutboxBacklog } from './metrics.js';
import { flushTracing, setupTracing, traceRequests } from './telemetry.js';
import { closeAfterAnswers } from './closing-server.js';

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const EVENT_BUS = Symbol('EVENT_BUS');
export const LOGGER = Symbol('LOGGER');
export { DataSource } from 'typeorm';
export { InjectDataSource, InjectRepository } from '@nestjs/typeorm';

/** What a service declares about itself; `startService` does the rest the same way for all. */
export interface ServiceDefinition<S extends z.ZodRawShape> {
  /** Names the Postgres schema, the event queue and the log lines. */
  name: string;
  /** The service's own environment keys, on top of the base ones. */
  config: S;
  /** Keys of `config` a production process must be given. */
  productionRequired?: Array<keyof S & string>;
  /** The service's module; its controllers' `@InboxHandler` methods are its event consumers. */
  module: Type<unknown>;
  /** TypeORM entities of the service's own tables. */
  entities?: Function[];
  migrations: Function[];
  extensions?: string[];
  /** Health checks besides the database and the broker (e.g. Redis); required unless they say otherwise. */
  healthChecks?: (app: INestApplication) => HealthCheck[];
  /** Runs before listening (e.g. schedules); whatever it returns is stopped on close. */
  onStart?: (app: INestApplication) => Promise<{ stop(): Promise<void> } | void>;
  /** Adjusts the Fastify instance before routes (e.g. multipart). */
  configureHttp?: (fastify: import('fastify').FastifyInstance) => Promise<void> | void;
}

export interface StartOptions {
  /** Environment to read (defaults to `process.env`). */
  env?: Record<string, string | undefined>;
  /** A bus shared by several services in one process (standalone); otherwise RabbitMQ or memory by config. */
  bus?: EventBus;
  logger?: Logger;
  /** Skip listening (tests that use supertest on the HTTP server). */
  listen?: boolean;
  /** The service's time (tests share one clock between services and move it); the system clock otherwise. */
  clock?: Clock;
}

export interface RunningService<C> {
  name: string;
  app: NestFastifyApplication;
  config: C;
  url: string;
  dataSource: DataSource;
  bus: EventBus;
  outbox: Outbox;
  /** The service's event consumers as the inbox runs them (its `@InboxHandler` methods). */
  consumers: EventHandler[];
  logger: Logger;
  /** Graceful stop: no new requests, in-flight ones finish, consumers stop, the outbox batch ends. */
  close(): Promise<void>;
}

@Global()
@Module({})
class CoreModule {
  static forRoot(providers: Provider[], database: DynamicModule[]): DynamicModule {
    return {
      module: CoreModule,
      imports: database,
      controllers: [HealthController, MetricsController],
      providers: [...providers, { provide: APP_GUARD, useClass: ViewerGuard }],
      exports: [...providers.map((provider) => ('provide' in provider ? provider.provide : provider)), ...database],
    };
  }
}

/**
 * Starts one service: validated config, its schema migrated, the bus, outbox relay and inbox,
 * the HTTP app with the shared error format, token check, health and request-id logging.
 */
export async function startService<S extends z.ZodRawShape>(
  definition: ServiceDefinition<S>,
  options: StartOptions = {},
): Promise<RunningService<BaseConfig & z.infer<z.ZodObject<S>>>> {
  const env = options.env ?? process.env;
  const config = loadConfig({ ...baseConfigShape, ...definition.config }, env, {
    production: [...BASE_PRODUCTION_REQUIRED, ...(definition.productionRequired ?? [])] as never,
  }) as BaseConfig & z.infer<z.ZodObject<S>>;
  const logger = options.logger?.child({ service: definition.name }) ?? createLogger(definition.name, config.LOG_LEVEL);
  await setupTracing({ serviceName: config.OTEL_SERVICE_NAME ?? definition.name, endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const databaseUrl = config.DATABASE_URL ?? DEV_DEFAULTS.DATABASE_URL;
  const database: DatabaseOptions = {
    url: databaseUrl,
    schema: definition.name,
    entities: definition.entities ?? [],
    migrations: [MessagingTables1763700000000, ...definition.migrations],
    extensions: definition.extensions,
    poolSize: config.DB_POOL_SIZE,
  };

  let ownBus = false;
  let bus = options.bus;
  if (!bus) {
    ownBus = true;
    if (config.EVENT_BUS === 'memory') {
      bus = new InProcessBus(logger);
    } else {
      const rabbit = new RabbitMqBus(
        {
          url: config.AMQP_URL ?? DEV_DEFAULTS.AMQP_URL,
          exchange: config.EVENT_EXCHANGE,
          queueType: config.AMQP_QUEUE_TYPE,
          declare: Object.entries(EVENT_CONSUMERS).map(([service, keys]) => ({
            queue: `${config.EVENT_QUEUE_PREFIX}.${service}`,
            patterns: keys,
          })),
        },
        logger,
      );
      // Waits a little for the broker, then starts without it if need be: the outbox keeps what
      // the service writes until the broker is back.
      await rabbit.connectWithin(5000);
      bus = rabbit;
    }
  }
  if (config.EVENT_DELIVERY_DELAY_MS > 0)
    logger.warn(
      { delayMs: config.EVENT_DELIVERY_DELAY_MS },
      'EVENT_DELIVERY_DELAY_MS holds every event delivery back: a setting for tests',
    );
  const observer = eventMetrics(definition.name);
  const queue = `${config.EVENT_QUEUE_PREFIX}.${definition.name}`;
  const eventBus = bus;
  const unwatchBus = watchEventBus(
    definition.name,
    async () => (await eventBus.deadLetterCount?.(queue)) ?? null,
    () => eventBus.isConnected(),
  );

  const healthChecks: HealthCheck[] = [
    { name: 'database', check: async () => (await app.get(DataSource).query('SELECT 1')).length === 1 },
    // Reported, not required: while the broker is away the outbox keeps the events and the service
    // still answers, so a broker outage must not take every pod out of its Service.
    { name: 'broker', check: async () => bus.isConnected(), required: false },
  ];
  const providers: Provider[] = [
    { provide: SERVICE_CONFIG, useValue: config },
    { provide: LOGGER, useValue: logger },
    { provide: EVENT_BUS, useValue: bus },
    { provide: Outbox, inject: [DataSource], useFactory: (dataSource: DataSource) => new Outbox(dataSource, bus, logger, { observer }) },
    {
      provide: Inbox,
      inject: [DataSource, Outbox],
      useFactory: (dataSource: DataSource, outbox: Outbox) =>
        new Inbox(dataSource, observer, () => outbox.wake(), { deliveryDelayMs: config.EVENT_DELIVERY_DELAY_MS }),
    },
    { provide: Owners, useValue: new Owners(config, logger) },
    { provide: TOKEN_PUBLIC_KEY, useValue: publicKeyFrom(config) },
    JwtStrategy,
    { provide: Clock, useValue: options.clock ?? new SystemClock() },
    { provide: HEALTH_CHECKS, useValue: healthChecks },
  ];

  let stopMessaging = async () => {};
  @Module({ imports: [CoreModule.forRoot(providers, databaseModule(database, definition.entities ?? [])), definition.module] })
  class ServiceRoot implements OnApplicationShutdown {
    // Nest shuts the service's modules down before the global ones: this runs once the HTTP server
    // has drained and before the TypeORM module destroys the data source the relay and consumers use.
    async onApplicationShutdown() {
      await stopMessaging();
    }
  }

  const errors = new ErrorFilter(logger);
  const adapter = new FastifyAdapter({
    logger: false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    frameworkErrors: frameworkErrorsOption(() => errors),
    // A request that reaches a draining service (on a connection it still has open) is served,
    // not answered 503: the gateway cannot tell that 503 from one after work was done.
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(ServiceRoot, adapter, {
    logger: new NestPinoLogger(logger),
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // A restart lets every answer already written reach its client whole (see closeAfterAnswers).
  closeAfterAnswers(fastify.server);
  traceRequests(fastify);
  recordHttpMetrics(fastify, definition.name);
  let draining = false;
  fastify.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // While draining, every response closes its connection, so keep-alive clients let go and the
    // server can finish instead of waiting for their idle sockets to time out.
    if (draining) void reply.header('connection', 'close');
  });
  fastify.addHook('onResponse', async (request, reply) => {
    logger.info(
      { reqId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
  await definition.configureHttp?.(fastify);
  app.useGlobalFilters(errors);
  await app.init();
  const dataSource = app.get(DataSource);
  const outbox = app.get(Outbox);
  const inbox = app.get(Inbox);
  const unwatchBacklog = watchOutboxBacklog(definition.name, () => outbox.backlog());
  healthChecks.push(...(definition.healthChecks?.(app) ?? []));

  // Event consumers are the `@InboxHandler` (`@EventPattern`) methods of the module's controllers,
  // applied through the inbox on this service's queue; a consumer the contract does not list fails
  // the start. The HTTP app's global guard (ViewerGuard) and filter do not apply to them.
  const transport = new InboxTransport({ inbox, bus, queue, service: definition.name, declared: EVENT_CONSUMERS[definition.name] });
  app.connectMicroservice<MicroserviceOptions>({ strategy: transport });
  await app.startAllMicroservices();
  outbox.start();
  const started = await definition.onStart?.(app);

  let url = '';
  if (options.listen !== false) {
    await app.listen(config.PORT, config.HOST);
    const address = app.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
    logger.info({ url }, `${definition.name} listening`);
  }

  stopMessaging = async () => {
    if (ownBus) await bus.stopConsuming();
    await outbox.stop();
    if (ownBus) await bus.close();
    unwatchBacklog();
    unwatchBus();
  };
  let closing: Promise<void> | null = null;
  return {
    name: definition.name,
    app,
    config,
    url,
    dataSource,
    bus,
    outbox,
    consumers: transport.handlers(),
    logger,
    close: () => {
      closing ??= (async () => {
        draining = true;
        await started?.stop();
        // Stops HTTP, then the messaging (above), then the data source: see ServiceRoot.
        await app.close();
        await flushTracing();
      })();
      return closing;
    },
  };
}
