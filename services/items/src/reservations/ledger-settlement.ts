import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { PaymentProvider, ProviderUnavailableError } from '@garage/payment-provider';
import { Clock, InjectDataSource, LOGGER, type Logger } from '@garage/service-kit';
import { LedgerRepository, type LedgerRow } from './ledger.repository.js';
import { payoutAccountKey } from './payouts.js';

const BATCH = 50;
/** After this many failed provider calls a ledger row is left `failed` for an operator. */
const MAX_ATTEMPTS = 20;

/**
 * Refunds and payouts: the ledger's pending rows, recorded with the reservation's change, are made
 * with the provider here, each with the row's own idempotency key, so a retry never moves money twice.
 */
@Injectable()
export class LedgerSettlement {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Makes the due provider calls of the ledger, each in a transaction of its own (one that fails
   * never undoes another's record of money already moved).
   */
  async settle(): Promise<void> {
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

  private async execute(manager: EntityManager, row: LedgerRow): Promise<string> {
    const idempotencyKey = `reservation-${row.kind}-${row.reservation_id}`;
    if (row.kind === 'refund') {
      if (!row.payment_intent_id) return 'nothing-charged';
      return (await this.provider.refund({ paymentIntentId: row.payment_intent_id, amountCents: row.amount_cents, idempotencyKey })).id;
    }
    if (row.kind === 'transfer') {
      let destination = await this.ledger.payoutAccount(row.host_id, this.provider.name, manager);
      if (!destination && this.provider.name === 'simulated') {
        // The simulated provider needs no onboarding: the host's account is opened on their first payout.
        const account = await this.provider.createPayoutAccount({
          userId: row.host_id,
          email: null,
          idempotencyKey: payoutAccountKey(row.host_id),
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
