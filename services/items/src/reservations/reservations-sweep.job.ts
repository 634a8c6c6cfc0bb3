import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, runPeriodically, SERVICE_CONFIG, type Logger, type Periodic } from '@garage/service-kit';
import type { ItemsConfig } from '../config.js';
import { LedgerSettlement } from './ledger-settlement.js';
import { ReservationEndings } from './reservation-endings.js';

/**
 * The reservations' clock work, every `RESERVATION_SWEEP_MS` on every replica (rows are locked
 * with SKIP LOCKED, so replicas share the work): unpaid holds past their time lapse (the item is
 * free again), paid reservations nobody collected by the sale's end are refunded, and the pending
 * refunds and transfers of the ledger are made with the provider.
 */
@Injectable()
export class ReservationsSweepJob {
  constructor(
    @Inject(ReservationEndings) private readonly endings: ReservationEndings,
    @Inject(LedgerSettlement) private readonly settlement: LedgerSettlement,
    @Inject(SERVICE_CONFIG) private readonly config: ItemsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Periodic {
    return runPeriodically('reservations sweep', this.config.RESERVATION_SWEEP_MS, () => this.sweep(), this.logger);
  }

  async sweep(): Promise<void> {
    await this.endings.lapseHolds();
    await this.endings.refundUncollected();
    await this.settlement.settle();
  }
}
