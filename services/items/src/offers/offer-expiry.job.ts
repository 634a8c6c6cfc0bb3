import { Inject, Injectable } from '@nestjs/common';
import { Outbox } from '@garage/event-bus';
import { Clock, LOGGER, runPeriodically, SERVICE_CONFIG, type Logger, type Periodic } from '@garage/service-kit';
import type { ItemsConfig } from '../config.js';
import { OfferEndings } from './offer-endings.js';
import { OffersRepository } from './offers.repository.js';

/** Offers expired in one pass (rows are locked with SKIP LOCKED, so replicas and readers share the work). */
const BATCH = 100;

/**
 * Waiting offers past their time (24 h, or their sale's start) become `expired` and are announced,
 * every `RESERVATION_SWEEP_MS` on every replica, and for one member before their offers are listed.
 * Answers never wait for it: an offer past its time already reads `expired` (see `toOffer`).
 */
@Injectable()
export class OfferExpiryJob {
  constructor(
    @Inject(OffersRepository) private readonly offers: OffersRepository,
    @Inject(OfferEndings) private readonly endings: OfferEndings,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ItemsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Periodic {
    return runPeriodically('offer expiry', this.config.RESERVATION_SWEEP_MS, () => this.sweep(), this.logger);
  }

  /** Expires the offers that are due (only `reader`'s, as shopper or host, when given). */
  async sweep(reader: number | null = null): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const due = await this.offers.due(manager, this.clock.now(), BATCH, reader);
      await this.endings.end(manager, emit, due, 'expired', null);
    });
  }
}
