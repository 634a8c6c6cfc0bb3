import { z } from 'zod';
import { SERVICE_NAMES, SERVICE_PORTS, serviceUrlKey, type ServiceName, type ServiceUrlKey } from '@garage/contracts';
import { isTrustProxySetting } from './client-address.js';

/** `AUTH_URL` … `MESSAGES_URL`: each service's address, on its port of this machine by default. */
function serviceAddresses(): { [N in ServiceName as ServiceUrlKey<N>]: z.ZodDefault<z.ZodString> } {
  return Object.fromEntries(
    SERVICE_NAMES.map((name) => [serviceUrlKey(name), z.string().url().default(`http://127.0.0.1:${SERVICE_PORTS[name]}`)]),
  ) as { [N in ServiceName as ServiceUrlKey<N>]: z.ZodDefault<z.ZodString> };
}

/** The gateway's environment: where each service lives, who may call it cross-origin, and the SPA. */
export const gatewayConfig = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_PUBLIC_KEY_FILE: z.string().optional(),
  ...serviceAddresses(),
  /** Origins allowed to call the API from a browser (comma-separated); the SPA's own origin needs none. */
  CORS_ORIGINS: z.string().default(''),
  /** The built SPA to serve, with deep links falling back to index.html (standalone and simple deployments). */
  WEB_DIST: z.string().optional(),
  /** Largest JSON body accepted; uploads have their own limit. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .default(3 * 1024 * 1024),
  /**
   * Which peers may tell the client's address (X-Forwarded-For): empty (none: the peer is the
   * client), a hop count (`1`: one proxy such as nginx), or a comma-separated list of addresses and
   * CIDRs (`10.0.0.0/8,127.0.0.1`; also `loopback`, `uniquelocal`). See client-address.ts.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .refine(isTrustProxySetting, 'TRUST_PROXY must be empty, false, a hop count, or a comma-separated list of IP addresses and CIDRs'),
  /** Requests one client (address) may make to /api per minute; 0 turns the budget off. */
  REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).default(30000),
  /** Where the request budgets are counted: Redis (shared by every replica) or this process. */
  RATE_LIMIT_STORE: z.enum(['redis', 'memory']).default('redis'),
  REDIS_URL: z.string().optional(),
  /** Prefix of the gateway's Redis keys (tests give each file its own). */
  EVENT_QUEUE_PREFIX: z.string().default('garage'),
  /** Prometheus' /metrics on its own port, never on the public one; unset: no metrics listener. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * How long a request that never reached its service (connection refused or reset before it was
   * made, its name resolving to nothing: a replica or the one replica restarting) is held and
   * retried before the caller gets 503 with Retry-After; 0 turns retries off. As long as a restart
   * takes on a loaded host (16 s measured), in every topology.
   */
  UPSTREAM_RETRY_WINDOW_MS: z.coerce.number().int().min(0).max(120_000).default(30_000),
  /**
   * After SIGTERM, how long the gateway keeps serving while `/api/ready` already answers 503, so a
   * load balancer that follows readiness stops sending before the listener closes; 0 closes at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * How often an open `/api/updates` stream gets a heartbeat comment: under every proxy's idle
   * timeout on the way (nginx's proxy_read_timeout is 65 s; load balancers often 60 s).
   */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(55_000).default(15_000),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
};
export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayConfig>>;
