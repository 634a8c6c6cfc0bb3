import { Pool, type Dispatcher } from 'undici';
import type { ServiceName } from './routes.js';

/**
 * One keep-alive connection pool per service, made once: a request through the gateway pays for
 * no connection set-up.
 */
export class Upstreams {
  private readonly pools = new Map<ServiceName, Pool>();

  constructor(private readonly urls: Record<ServiceName, string>) {
    for (const [name, url] of Object.entries(urls) as Array<[ServiceName, string]>) {
      this.pools.set(
        name,
        new Pool(url, {
          connections: 128,
          keepAliveTimeout: 30_000,
          keepAliveMaxTimeout: 60_000,
          headersTimeout: 30_000,
          bodyTimeout: 60_000,
        }),
      );
    }
  }

  request(service: ServiceName, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
    return this.pools.get(service)!.request(options);
  }

  url(service: ServiceName): string {
    return this.urls[service];
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }
}
