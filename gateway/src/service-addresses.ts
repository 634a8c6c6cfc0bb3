import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Pool } from 'undici';

/** How long a service's resolved addresses are used before its name is looked up again. */
export const RESOLVE_INTERVAL_MS = 1000;

/**
 * How long a connection to a service may take to open. On the service network one opens in well
 * under a millisecond (the kernel completes it, however busy the service); an address whose replica
 * has gone (a container restarted on a new address) never answers, and the request should go to
 * another replica at once.
 */
export const CONNECT_TIMEOUT_MS = 1000;

/**
 * How long an address that refused or timed out a connection is passed over while the service has
 * other addresses: a draining replica is still in DNS until its container stops, and a stopped
 * one until the resolver's next answer.
 */
export const PASSED_OVER_MS = 5000;

const POOL_OPTIONS = {
  connectTimeout: CONNECT_TIMEOUT_MS,
  connections: 128,
  keepAliveTimeout: 30_000,
  keepAliveMaxTimeout: 60_000,
  headersTimeout: 30_000,
  bodyTimeout: 60_000,
} as const;

/** How a name becomes addresses (the system resolver; tests give their own). */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true });

/** The service's name resolves to no address (e.g. its one replica is restarting). */
export class NoAddressError extends Error {
  readonly code: string;
  constructor(host: string, cause: unknown) {
    super(`${host} resolves to no address (${String(cause)})`);
    this.code = (cause as { code?: string })?.code ?? 'ENOTFOUND';
  }
}

/**
 * Where one service answers. A service reached by a name (compose's `items`, a Kubernetes
 * headless service) may be several replicas, and they come and go: the name is looked up again at
 * most every RESOLVE_INTERVAL_MS, and at once after a failure, and requests take its addresses in
 * turn, each address with its own keep-alive pool, so every replica gets traffic, a new one from
 * its first second, and none is called after it left. A service given as an IP address or
 * `localhost` is one origin, never looked up.
 */
export class ServiceAddresses {
  private readonly url: URL;
  private readonly fixed: boolean;
  private origins: string[];
  private lookupError: unknown = null;
  private resolvedAt = 0;
  private resolving: Promise<void> | null = null;
  private turn = 0;
  private readonly pools = new Map<string, Pool>();
  /** Origins that failed a connection, with when they may be tried again. */
  private readonly passedOver = new Map<string, number>();

  constructor(
    url: string,
    private readonly resolveName: Resolve = systemResolve,
  ) {
    this.url = new URL(url);
    const host = this.url.hostname.replace(/^\[|\]$/g, '');
    this.fixed = isIP(host) !== 0 || host === 'localhost';
    this.origins = [this.url.origin];
  }

  /** The origin for the next request: the addresses in turn, passing over those that just failed. */
  async next(): Promise<string> {
    if (!this.fixed && Date.now() - this.resolvedAt >= RESOLVE_INTERVAL_MS) await this.resolve();
    if (this.origins.length === 0) throw new NoAddressError(this.url.hostname, this.lookupError);
    const now = Date.now();
    for (let i = 0; i < this.origins.length; i += 1) {
      this.turn = (this.turn + 1) % this.origins.length;
      const origin = this.origins[this.turn];
      if ((this.passedOver.get(origin) ?? 0) <= now) return origin;
    }
    // Every address failed lately (the one replica restarting): try them still, in turn.
    this.turn = (this.turn + 1) % this.origins.length;
    return this.origins[this.turn];
  }

  /** Whether another address than `origin` may take a request now (a retry need not wait). */
  hasOther(origin: string): boolean {
    const now = Date.now();
    return this.origins.some((other) => other !== origin && (this.passedOver.get(other) ?? 0) <= now);
  }

  /** The keep-alive pool of one origin. */
  pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, POOL_OPTIONS);
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /**
   * A connection to `origin` failed: it is passed over for a while, and the next request looks the
   * name up again.
   */
  failed(origin: string | undefined): void {
    if (origin && !this.fixed) this.passedOver.set(origin, Date.now() + PASSED_OVER_MS);
    this.resolvedAt = 0;
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }

  private resolve(): Promise<void> {
    this.resolving ??= this.resolveName(this.url.hostname)
      .then(
        (found) => {
          const port = this.url.port ? `:${this.url.port}` : '';
          const origins = [
            ...new Set(found.map(({ address, family }) => `${this.url.protocol}//${family === 6 ? `[${address}]` : address}${port}`)),
          ].sort();
          this.origins = origins;
          this.lookupError = null;
          // A replica that left: its connections are let go (requests on them finish first).
          for (const [origin, pool] of this.pools) {
            if (!origins.includes(origin)) {
              this.pools.delete(origin);
              void pool.close().catch(() => undefined);
            }
          }
          for (const origin of this.passedOver.keys()) if (!origins.includes(origin)) this.passedOver.delete(origin);
        },
        (error: unknown) => {
          this.origins = [];
          this.lookupError = error;
        },
      )
      .finally(() => {
        this.resolvedAt = Date.now();
        this.resolving = null;
      });
    return this.resolving;
  }
}
