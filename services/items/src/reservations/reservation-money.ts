import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PaymentProvider, providerCall, RESERVATION_PURPOSE, type ProviderIntent } from '@garage/payment-provider';
import { LedgerRepository, type LedgerKind } from './ledger.repository.js';
import { ReservationsRepository, type ReservationRow } from './reservations.repository.js';

/**
 * A reservation's money as the provider and the ledger see it: its payment intent (made once), what
 * the provider says of it, and the charge, refund and transfer rows the ledger keeps (each recorded
 * in the caller's transaction, so it commits with the reservation's change; the sweep's ledger
 * settlement makes the provider calls afterwards).
 */
@Injectable()
export class ReservationMoney {
  constructor(
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
  ) {}

  /**
   * The reservation's payment intent, made once: the idempotency key names the reservation, so a
   * retry (a reserve whose provider call failed, a second pay) gets the same intent and secret.
   */
  async intentFor(reservation: ReservationRow): Promise<{ id: string; clientSecret: string } | null> {
    if (reservation.status !== 'pending' || reservation.amount_cents === 0) return null;
    const created = await providerCall(() =>
      this.provider.createIntent({
        userId: reservation.user_id,
        amountCents: reservation.amount_cents,
        currency: reservation.currency,
        purpose: RESERVATION_PURPOSE,
        description: `Garage reservation #${reservation.id}: ${reservation.item_title}`.slice(0, 200),
        idempotencyKey: `reservation-${reservation.id}-${new Date(reservation.reserved_at).getTime()}`,
      }),
    );
    if (!reservation.payment_intent_id) await this.reservations.setIntent(reservation.id, created.id);
    return { id: created.id, clientSecret: created.clientSecret };
  }

  /** What the provider says of an intent (a 503 to retry when it cannot be asked). */
  reported(paymentIntentId: string): Promise<ProviderIntent | null> {
    return providerCall(() => this.provider.checkPayment(paymentIntentId));
  }

  /** So a card step left open cannot pay an ended reservation (if one still does, it is refunded). */
  async cancelIntent(paymentIntentId: string): Promise<void> {
    await this.provider.cancelIntent(paymentIntentId).catch(() => undefined);
  }

  /** The shopper's payment arrived. */
  recordCharge(manager: EntityManager, reservation: ReservationRow): Promise<void> {
    return this.record(manager, reservation, 'charge', reservation.payment_intent_id ?? undefined);
  }

  /** A paid reservation's money goes back (once: the ledger keeps one refund per reservation). */
  recordRefund(manager: EntityManager, reservation: ReservationRow): Promise<void> {
    return this.record(manager, reservation, 'refund');
  }

  /** A collected reservation's money goes to its host. */
  recordTransfer(manager: EntityManager, reservation: ReservationRow): Promise<void> {
    return this.record(manager, reservation, 'transfer');
  }

  private async record(manager: EntityManager, reservation: ReservationRow, kind: LedgerKind, doneRef?: string): Promise<void> {
    await this.ledger.record(manager, {
      reservationId: reservation.id,
      kind,
      amountCents: reservation.amount_cents,
      currency: reservation.currency,
      provider: this.provider.name,
      ...(doneRef ? { doneRef } : {}),
    });
  }
}
