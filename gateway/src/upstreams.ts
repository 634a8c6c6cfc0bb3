import { Client, type Dispatcher } from 'undici';
import { ApiError, type Logger } from '@garage/service-kit';
import type { ServiceName } from './routes.js';
import { CONNECT_TIMEOUT_MS, ServiceAddresses, type Resolve } from './service-addresses.js';

/** Seconds a client is asked to wait before trying again once the gateway gave up on a service. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The gateway's answer when a service cannot be had: `503` with `Retry-After`, as a service
 * answers while its own database is down. Never `502`: to the caller the product is briefly
 * unavailable, whichever hop failed.
 */
export function serviceUnavailable(service: ServiceName): ApiError {
  return new ApiError(503, `The ${service} service is unavailable. Try again shortly.`, undefined, {
    'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });
}

/** Methods that change nothing: sent on kept-alive connections, and retried after any transport failure. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Failures to open a connection: nothing of the request can have reached the service. */
const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // The service's name resolves to nothing: every replica is down (restarting).
  'ENOTFOUND',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * A reset of a connection made for one request, before any answer: the kernel resets a connection
 * that is closed with bytes its process never read, or one still waiting in the listen backlog when
 * the listener closes. Either way the service did not have the whole request, so it cannot have
 * acted on it. (A process that read the request and then died closes with FIN: not retried.)
 */
const UNREAD_RESETS = new Set(['ECONNRESET', 'EPIPE']);

/** Transport failures of a read on a kept-alive connection (retried for safe methods only). */
const TRANSPORT_FAILURES = new Set([...CONNECT_FAILURES, 'UND_ERR_CLOSED', 'ETIMEDOUT']);

export interface UpstreamOptions {
  /**
   * How long a request that never reached its service keeps being retried (with back-off from
   * 25 ms), e.g. while a replica that was sent SIGTERM hands over to the next. 0 turns retries off.
   */
  retryWindowMs: number;
  logger: Logger;
  /** How service names are looked up (default: the system resolver). */
  resolve?: Resolve;
}

/** Where a relayed answer goes as it arrives (see Upstreams.relay). */
export interface Relay {
  /** The status and headers as received (lower-case name, value, name, value, ...). */
  head(statusCode: number, headers: string[], controls: { resume(): void; abort(reason: Error): void }): void;
  /** A piece of the body; false holds the rest until `resume` is called. */
  data(chunk: Buffer): boolean;
  end(): void;
  /** The answer broke off after its head. */
  broke(error: Error): void;
}

export interface UpstreamRequest extends Dispatcher.RequestOptions {
  /** Retry a request that never reached the service (default true). */
  retry?: boolean;
}

/**
 * The services behind the gateway. Reads travel on keep-alive pools (one per service address, see
 * ServiceAddresses: a scaled service's replicas take turns), so a call pays for no connection set-up. A write (anything but GET, HEAD, OPTIONS) gets a connection
 * of its own: a kept-alive connection that the service closes as it shuts down can take a write
 * with it, and then nobody can tell whether the service saw it; on a new connection, a failure to
 * connect proves it did not.
 *
 * A request that provably never reached the service (connection refused or timed out, reset
 * before the service read it, or a read whose connection failed) is sent again within
 * `retryWindowMs`; the body must then be a Buffer or string (the proxy reads it whole first).
 */
export class Upstreams {
  private readonly addresses = new Map<ServiceName, ServiceAddresses>();

  constructor(
    private readonly urls: Record<ServiceName, string>,
    private readonly options: UpstreamOptions,
  ) {
    for (const [name, url] of Object.entries(urls) as Array<[ServiceName, string]>)
      this.addresses.set(name, new ServiceAddresses(url, options.resolve));
  }

  async request(service: ServiceName, request: UpstreamRequest): Promise<Dispatcher.ResponseData> {
    const safe = SAFE_METHODS.has(request.method);
    return this.attempts(service, request, (options) => (safe ? this.pooled(service, options) : this.alone(service, options)));
  }

  /**
   * A read (GET, HEAD) whose answer goes to `to` piece by piece as it arrives, with no stream in
   * between: the proxy's hot path. Retried as `request` retries a read; settles once the head has
   * been handed over (a failure after it goes to `to.broke`).
   */
  async relay(service: ServiceName, request: UpstreamRequest, to: Relay): Promise<void> {
    if (!SAFE_METHODS.has(request.method)) throw new Error(`relay is for reads, not ${request.method}`);
    return this.attempts(service, request, (options) => this.pooledRelay(service, options, to));
  }

  private async attempts<T>(
    service: ServiceName,
    request: UpstreamRequest,
    send: (options: Dispatcher.RequestOptions) => Promise<T>,
  ): Promise<T> {
    const { retry = true, ...options } = request;
    const safe = SAFE_METHODS.has(options.method);
    const deadline = Date.now() + this.options.retryWindowMs;
    const replayable =
      options.body === undefined || options.body === null || typeof options.body === 'string' || Buffer.isBuffer(options.body);
    for (let attempt = 1, delay = 25; ; attempt += 1, delay = Math.min(delay * 2, 400)) {
      const outcome = await send(options).then(
        (response) => ({ response, error: null, reached: true, ok: true }),
        (error: unknown) => ({ response: null, error, ok: false, ...(error as { reached?: boolean }) }),
      );
      if (outcome.ok) {
        if (attempt > 1)
          this.options.logger.info({ service, method: options.method, path: options.path, attempt }, 'upstream answered after a retry');
        return outcome.response as T;
      }
      const code = errorCode(outcome.error);
      const addresses = this.addresses.get(service)!;
      const origin = (outcome.error as { origin?: string } | null)?.origin;
      if (CONNECT_FAILURES.has(code)) addresses.failed(origin);
      const neverReached = safe ? TRANSPORT_FAILURES.has(code) : outcome.reached === false;
      // Another replica can take it now; only a service with none left is waited for.
      const wait = origin && addresses.hasOther(origin) ? 0 : delay;
      const retryable = retry && replayable && neverReached && Date.now() + wait < deadline;
      this.options.logger.warn(
        { service, method: options.method, path: options.path, attempt, code, origin, err: String(outcome.error), retrying: retryable },
        retryable ? 'upstream unreachable, retrying' : 'upstream request failed',
      );
      if (!retryable) throw outcome.error;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  url(service: ServiceName): string {
    return this.urls[service];
  }

  async close(): Promise<void> {
    await Promise.all([...this.addresses.values()].map((addresses) => addresses.close()));
  }

  private async pooled(service: ServiceName, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
    const addresses = this.addresses.get(service)!;
    const origin = await addresses.next();
    try {
      return await addresses.pool(origin).request(options);
    } catch (error) {
      throw tagged(error, { origin });
    }
  }

  private async pooledRelay(service: ServiceName, options: Dispatcher.RequestOptions, to: Relay): Promise<void> {
    const addresses = this.addresses.get(service)!;
    const origin = await addresses.next();
    try {
      await new Promise<void>((resolve, reject) => {
        let abort: (reason: Error) => void = () => undefined;
        let started = false;
        addresses.pool(origin).dispatch(options, {
          onConnect: (abortRequest: (reason: Error) => void) => {
            abort = abortRequest;
          },
          onHeaders: (statusCode: number, rawHeaders: Buffer[], resume: () => void) => {
            if (statusCode < 200) return true;
            started = true;
            const headers: string[] = new Array<string>(rawHeaders.length);
            for (let i = 0; i < rawHeaders.length; i += 2) {
              headers[i] = rawHeaders[i]!.toString('latin1').toLowerCase();
              headers[i + 1] = rawHeaders[i + 1]!.toString('latin1');
            }
            to.head(statusCode, headers, { resume, abort });
            resolve();
            return true;
          },
          onData: (chunk: Buffer) => to.data(chunk),
          onComplete: () => to.end(),
          onError: (error: Error) => (started ? to.broke(error) : reject(error)),
        } as unknown as Dispatcher.DispatchHandler);
      });
    } catch (error) {
      throw tagged(error, { origin });
    }
  }

  /**
   * A request on a connection of its own, closed once its answer has been read. A failure marks
   * whether the service may have acted on it (`reached`): not if the connection was never made, or
   * was reset with the request unread.
   */
  private async alone(service: ServiceName, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
    let origin: string;
    try {
      origin = await this.addresses.get(service)!.next();
    } catch (error) {
      throw tagged(error, { reached: false });
    }
    const client = new Client(origin, { connectTimeout: CONNECT_TIMEOUT_MS, headersTimeout: 30_000, bodyTimeout: 60_000, pipelining: 1 });
    let connected = false;
    client.once('connect', () => (connected = true));
    try {
      const response = await client.request(options);
      // Closes once the body has been read (close waits for the request in flight).
      void client.close().catch(() => undefined);
      return response;
    } catch (error) {
      void client.destroy().catch(() => undefined);
      const code = errorCode(error);
      const reached = connected ? !UNREAD_RESETS.has(code) : !CONNECT_FAILURES.has(code);
      throw tagged(error, { reached, origin });
    }
  }
}

/** The error itself with `fields` added (an error from another realm is still an object: not wrapped, so its code stays). */
function tagged(error: unknown, fields: { reached?: boolean; origin?: string }): unknown {
  return Object.assign(typeof error === 'object' && error !== null ? error : new Error(String(error)), fields);
}

function errorCode(error: unknown): string {
  const { code, cause } = (error ?? {}) as { code?: string; cause?: { code?: string } };
  return cause?.code ?? code ?? '';
}
