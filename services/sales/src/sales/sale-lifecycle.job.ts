import { Inject, Injectable } from '@nestjs/common';
import { Outbox } from '@garage/event-bus';
import { Clock, LOGGER, runPeriodically, SERVICE_CONFIG, type Logger, type Periodic } from '@garage/service-kit';
import type { SalesConfig } from '../config.js';
import { toSnapshot } from './sale.row.js';
import { SalesRepository } from './sales.repository.js';

/** Sales completed per transaction, so one run never holds many row locks for long. */
const BATCH = 200;

/**
 * Completes active sales once their end date and end time have passed in their local zone, with a
 * `sale.updated` event each. Every replica may run it: each batch is one UPDATE that skips rows
 * another transaction holds, so a sale is completed (and announced) exactly once.
 */
@Injectable()
export class SaleLifecycleJob {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: SalesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Runs now and then on the configured interval until stopped. */
  start(): Periodic {
    return runPeriodically('sale lifecycle', this.config.SALE_LIFECYCLE_INTERVAL_MS, () => this.completeEnded(), this.logger);
  }

  /** Completes every active sale that ended by `now`; returns how many this call completed. */
  async completeEnded(now: Date = this.clock.now()): Promise<number> {
    let total = 0;
    for (;;) {
      const completed = await this.outbox.transaction(async (manager, emit) => {
        const records = await this.sales.completeEnded(manager, now, BATCH);
        for (const record of records) emit('sale.updated', record.version, toSnapshot(record));
        return records.length;
      });
      total += completed;
      if (completed < BATCH) break;
    }
    if (total > 0) this.logger.info({ completed: total }, 'sales completed');
    return total;
  }
}
