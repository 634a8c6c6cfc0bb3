import { Inject, Injectable } from '@nestjs/common';
import { Outbox } from '@garage/event-bus';
import { Clock, LOGGER, runPeriodically, SERVICE_CONFIG, type Logger, type Periodic } from '@garage/service-kit';
import type { SalesConfig } from '../config.js';
import { MarkdownsRepository } from './markdowns.repository.js';

/** Markdowns taken per transaction, so one run never holds many row locks for long. */
const BATCH = 100;

/**
 * Applies scheduled markdowns once they are due (their `due_at`, the host's wall-clock moment read
 * in the sale's zone): each is marked `applied` and announced with `markdown.applied` in the same
 * transaction, through the outbox; the items service cuts the prices. Every replica may run it: the
 * rows are taken with SKIP LOCKED and only while `scheduled`, so each markdown is announced once.
 */
@Injectable()
export class MarkdownsJob {
  constructor(
    @Inject(MarkdownsRepository) private readonly markdowns: MarkdownsRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: SalesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Periodic {
    return runPeriodically('markdowns', this.config.MARKDOWN_INTERVAL_MS, () => this.applyDue(), this.logger);
  }

  /** Applies every markdown due by `now`; returns how many this call applied. */
  async applyDue(now: Date = this.clock.now()): Promise<number> {
    let total = 0;
    for (;;) {
      const [taken, applied] = await this.outbox.transaction(async (manager, emit) => {
        const records = await this.markdowns.takeDue(manager, now, BATCH);
        const done = records.filter((record) => record.status === 'applied');
        for (const record of done) {
          emit('markdown.applied', 1, {
            markdownId: record.id,
            saleId: record.sale_id,
            percentOff: record.percent_off,
            startsAt: record.starts_at,
            hostId: record.host_id,
          });
        }
        return [records.length, done.length] as const;
      });
      total += applied;
      if (taken < BATCH) break;
    }
    if (total > 0) this.logger.info({ applied: total }, 'markdowns applied');
    return total;
  }
}
