import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  DEV_DEFAULTS,
  LOGGER,
  readViews,
  SERVICE_CONFIG,
  viewCounterFrom,
  type Logger,
  type ViewCounter,
  type Viewer,
} from '@garage/service-kit';
import type { ItemsConfig } from '../config.js';

export const saleScope = (saleId: number) => `sale:${saleId}`;

/**
 * Views of items, per sale: each read of an item in a sale by anyone but its owner, visitors
 * included. Only totals per item are asked for, so the day is UTC's. Counting never holds up or
 * fails the read.
 */
@Injectable()
export class ItemViews implements OnApplicationShutdown {
  readonly counter: ViewCounter;

  constructor(
    @Inject(SERVICE_CONFIG) config: ItemsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.counter = viewCounterFrom(config, 'items', DEV_DEFAULTS.REDIS_URL);
  }

  /** Counts one read, in the background: after the answer is on its way. */
  read(item: { id: number; user_id: number; garage_sale_id: number | null }, viewer: Viewer): void {
    if (item.garage_sale_id === null || viewer?.userId === item.user_id) return;
    const saleId = item.garage_sale_id;
    setImmediate(() => {
      const day = new Date().toISOString().slice(0, 10);
      void this.counter
        .view(saleScope(saleId), String(item.id), day)
        .catch((error: unknown) => this.logger.warn({ err: error, itemId: item.id }, 'a view of an item could not be counted'));
    });
  }

  /** Views of each item of the sale, most viewed first. */
  async ofSale(saleId: number): Promise<Array<{ itemId: number; views: number }>> {
    const totals = new Map<number, number>();
    for (const view of (await readViews(this.counter, saleScope(saleId))).views)
      totals.set(Number(view.subject), (totals.get(Number(view.subject)) ?? 0) + view.count);
    return [...totals].map(([itemId, views]) => ({ itemId, views })).sort((a, b) => b.views - a.views || a.itemId - b.itemId);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.counter.close();
  }
}
