import { getNodeAutoInstrumentations, type InstrumentationConfigMap } from '@opentelemetry/auto-instrumentations-node';
import { preloadedInstrumentations } from './preloaded-instrumentations.js';

type Name = keyof InstrumentationConfigMap;
type Off = { enabled: false };

/**
 * Every instrumentation the package knows, each on or off by name: a new one in an upgrade fails
 * the build until someone decides. On: the HTTP server and client (requests, S3 and Stripe calls),
 * Postgres and Redis, each only inside a traced request or consumer so idle polling stays out.
 * Off: `amqplib`, because its publish runs in the relay, outside the request, and would overwrite
 * the message's `traceparent` with a trace of its own (our producer and consumer spans in
 * `@garage/event-bus` carry the event across); `undici`, used only by the gateway's hop, which has
 * its own client span named after the service; `fs`, `net`, `dns` and the rest, noise or unused.
 */
const CONFIG: Required<InstrumentationConfigMap> = {
  // Not the live stream (decision 0210): a span hours long tells nothing, and its URL carries the token (0212).
  '@opentelemetry/instrumentation-http': {
    enabled: true,
    ignoreIncomingRequestHook: (request) => request.url?.startsWith('/api/updates') ?? false,
  },
  '@opentelemetry/instrumentation-pg': { enabled: true, requireParentSpan: true },
  '@opentelemetry/instrumentation-ioredis': { enabled: true, requireParentSpan: true },
  ...off(
    '@opentelemetry/instrumentation-amqplib',
    '@opentelemetry/instrumentation-undici',
    '@opentelemetry/instrumentation-aws-lambda',
    '@opentelemetry/instrumentation-aws-sdk',
    '@opentelemetry/instrumentation-bunyan',
    '@opentelemetry/instrumentation-cassandra-driver',
    '@opentelemetry/instrumentation-connect',
    '@opentelemetry/instrumentation-cucumber',
    '@opentelemetry/instrumentation-dataloader',
    '@opentelemetry/instrumentation-dns',
    '@opentelemetry/instrumentation-express',
    '@opentelemetry/instrumentation-fs',
    '@opentelemetry/instrumentation-generic-pool',
    '@opentelemetry/instrumentation-graphql',
    '@opentelemetry/instrumentation-grpc',
    '@opentelemetry/instrumentation-hapi',
    '@opentelemetry/instrumentation-host-metrics',
    '@opentelemetry/instrumentation-kafkajs',
    '@opentelemetry/instrumentation-knex',
    '@opentelemetry/instrumentation-koa',
    '@opentelemetry/instrumentation-lru-memoizer',
    '@opentelemetry/instrumentation-memcached',
    '@opentelemetry/instrumentation-mongodb',
    '@opentelemetry/instrumentation-mongoose',
    '@opentelemetry/instrumentation-mysql',
    '@opentelemetry/instrumentation-mysql2',
    '@opentelemetry/instrumentation-nestjs-core',
    '@opentelemetry/instrumentation-net',
    '@opentelemetry/instrumentation-openai',
    '@opentelemetry/instrumentation-oracledb',
    '@opentelemetry/instrumentation-pino',
    '@opentelemetry/instrumentation-redis',
    '@opentelemetry/instrumentation-restify',
    '@opentelemetry/instrumentation-router',
    '@opentelemetry/instrumentation-runtime-node',
    '@opentelemetry/instrumentation-socket.io',
    '@opentelemetry/instrumentation-tedious',
    '@opentelemetry/instrumentation-winston',
  ),
};

function off<N extends Name>(...names: N[]): Record<N, Off> {
  return Object.fromEntries(names.map((name) => [name, { enabled: false }])) as Record<N, Off>;
}

/**
 * Creates the instrumentations, which patches the modules as they are imported from then on.
 * Only the preload (`@garage/service-kit/instrument`) calls it, before the service imports them.
 */
export function instrumentTracedModules(): void {
  preloadedInstrumentations.push(...getNodeAutoInstrumentations(CONFIG));
}
