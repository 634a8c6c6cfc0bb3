import { createParamDecorator, Inject, Injectable, type ExecutionContext, type OnApplicationShutdown } from '@nestjs/common';
import { wallClockAt } from '@garage/contracts';
import {
  Clock,
  DEV_DEFAULTS,
  LOGGER,
  SERVICE_CONFIG,
  timeZoneAt,
  viewCounterFrom,
  viewerToken,
  type Logger,
  type ViewCounter,
  type Viewer,
} from '@garage/service-kit';
import type { SalesConfig } from '../config.js';

/** Who is reading, as far as a visitor can be told apart: the address the gateway names and the browser. */
export interface Client {
  address: string;
  userAgent: string;
}

/** The caller's address (the gateway's X-Forwarded-For, which the service trusts) and User-Agent. */
export const CurrentClient = createParamDecorator((_data: unknown, context: ExecutionContext): Client => {
  const request = context.switchToHttp().getRequest<{ ip?: string; headers: Record<string, string | string[] | undefined> }>();
  const agent = request.headers['user-agent'];
  return { address: request.ip ?? '', userAgent: typeof agent === 'string' ? agent : '' };
});

/** The sale being read: who hosts it and where (its clock). */
export interface ReadSale {
  id: number;
  user_id: number;
  latitude: number;
  longitude: number;
}

/** A sale's day on its own clock. */
export function saleDay(sale: Pick<ReadSale, 'latitude' | 'longitude'>, now: Date): string {
  return wallClockAt(now, timeZoneAt(sale.latitude, sale.longitude)).date;
}

export const saleScope = (saleId: number) => `sale:${saleId}`;

/**
 * Views of sales: each read of a sale by anyone but its host, and the day's distinct viewers. A
 * member is told apart by id, a visitor by address and browser; either only as an HMAC under the
 * day's salt, added to a HyperLogLog and never stored. Counting never holds up or fails the read.
 */
@Injectable()
export class SaleViews implements OnApplicationShutdown {
  readonly counter: ViewCounter;

  constructor(
    @Inject(SERVICE_CONFIG) config: SalesConfig,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.counter = viewCounterFrom(config, 'sales', DEV_DEFAULTS.REDIS_URL);
  }

  /** Counts one read, in the background: after the answer is on its way. */
  read(sale: ReadSale, viewer: Viewer, client: Client): void {
    if (viewer?.userId === sale.user_id) return;
    setImmediate(() => {
      void this.count(sale, viewer, client).catch((error: unknown) =>
        this.logger.warn({ err: error, saleId: sale.id }, 'a view of a sale could not be counted'),
      );
    });
  }

  private async count(sale: ReadSale, viewer: Viewer, client: Client): Promise<void> {
    const day = saleDay(sale, this.clock.now());
    const identity = viewer ? `member:${viewer.userId}` : `visitor:${client.address}\n${client.userAgent}`;
    const token = viewerToken(await this.counter.salt(day), identity);
    await this.counter.view(saleScope(sale.id), 'sale', day, token);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.counter.close();
  }
}
