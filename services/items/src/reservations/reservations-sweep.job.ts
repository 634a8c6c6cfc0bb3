import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { Outbox } from '@garage/event-bus';
import { PaymentProvider, ProviderUnavailableError } from '@garage/payments';
import { Clock, InjectDataSource, LOGGER, runPeriodically, SERVICE_CONFIG, type Logger, type Periodic } from '@garage/service-kit';
import type { ItemsConfig } from '../config.js';
import { LedgerRepository, type LedgerRow } from './ledger.repository.js';
import { ReservationEndings } from './reservation-endings.js';
import { ReservationsRepository } from './reservations.repository.js';

const BATCH = 50;
/** After this many failed provider calls a ledger row is left `failed` for an operator. */
const MAX_ATTEMPTS = 20;

/**
 * The reservations' clock work, every `RESERVATION_SWEEP_MS` on every replica (rows are locked
 * with SKIP LOCKED, so replicas share the work): unpaid holds past their time lapse (the item is
 * free again), paid reservations nobody collected by the sale's end are refunded, and the pending
 * refunds and transfers of the ledger are made with the provider.
 */
@Injectable()
export class ReservationsSweepJob {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(ReservationEndings) private readonly endings: ReservationEndings,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ItemsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Periodic {
    return runPeriodically('reservations sweep', this.config.RESERVATION_SWEEP_MS, () => this.sweep(), this.logger);
  }

  async sweep(): Promise<void> {
    await this.lapseHolds();
    await this.refundUncollected();
    await this.settleLedger();
  }

  async lapseHolds(): Promise<void> {
    const lapsedIntents = await this.outbox.transaction(async (manager, emit) => {
      const expired = await this.reservations.expiredHolds(manager, this.clock.now(), BATCH);
      await this.endings.end(manager, emit, expired, 'hold_expired', true);
      return expired.map((r) => r.payment_intent_id).filter((id): id is string => id !== null);
    });
    // So a card step left open cannot pay a lapsed hold (if one still does, it is refunded).
    for (const id of lapsedIntents) await this.provider.cancelIntent(id).catch(() => undefined);
  }

  async refundUncollected(): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const uncollected = await this.reservations.uncollectedAfterSale(manager, this.clock.now(), BATCH);
      await this.endings.end(manager, emit, uncollected, 'not_collected', true);
    });
  }

  /**
   * Makes the due provider calls of the ledger, each with the row's own idempotency key, each in a
   * transaction of its own (one that fails never undoes another's record of money already moved).
   */
  async settleLedger(): Promise<void> {
    for (const id of await this.ledger.dueIds(this.clock.now(), BATCH)) {
      await this.dataSource.transaction(async (manager) => {
        const row = await this.ledger.takeDue(manager, id, this.clock.now());
        if (!row) return;
        try {
          await this.ledger.markDone(manager, row.id, await this.execute(manager, row));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (!(error instanceof ProviderUnavailableError) && !(error instanceof NoPayoutAccount))
            this.logger.warn({ err: message, ledgerId: row.id }, 'reservation money movement failed');
          await this.ledger.markRetry(manager, row, message, this.clock.now(), MAX_ATTEMPTS);
        }
      });
    }
  }

  private async execute(manager: import('typeorm').EntityManager, row: LedgerRow): Promise<string> {
    const idempotencyKey = `reservation-${row.kind}-${row.reservation_id}`;
    if (row.kind === 'refund') {
      if (!row.payment_intent_id) return 'nothing-charged';
      return (await this.provider.refund({ paymentIntentId: row.payment_intent_id, amountCents: row.amount_cents, idempotencyKey })).id;
    }
    if (row.kind === 'transfer') {
      let destination = await this.ledger.payoutAccount(manager, row.host_id, this.provider.name);
      if (!destination && this.provider.name === 'simulated') {
        // The simulated provider needs no onboarding: the host's account is opened on their first payout.
        const account = await this.provider.createPayoutAccount({
          userId: row.host_id,
          email: null,
          idempotencyKey: `payout-account-${row.host_id}`,
        });
        destination = await this.ledger.savePayoutAccount(row.host_id, this.provider.name, account.id);
      }
      if (!destination) throw new NoPayoutAccount(`host ${row.host_id} has not set up payouts yet`);
      const group = `reservation-${row.reservation_id}`;
      return (await this.provider.transfer({ destination, amountCents: row.amount_cents, currency: row.currency, group, idempotencyKey }))
        .id;
    }
    return row.provider_ref ?? 'charge';
  }
}

/** A payout waits for the host to finish the provider's onboarding; it is retried with back-off. */
class NoPayoutAccount extends Error {}
