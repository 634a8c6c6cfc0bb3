import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Reservation, TokenClaims } from '@garage/contracts';
import { Outbox, type Emit } from '@garage/event-bus';
import { RESERVATION_PURPOSE, type ProviderIntent } from '@garage/payment-provider';
import { badRequest, Clock, conflict, LOGGER, notFound, type Logger } from '@garage/service-kit';
import { WaitingOffers } from '../items/waiting-offers.port.js';
import { ReservationMoney } from './reservation-money.js';
import { endedMessage, RESERVATION_NOT_FOUND, toReservation } from './reservation.view.js';
import { ReservationsRepository, toReservationSnapshot, type ReservationRow } from './reservations.repository.js';

/**
 * Paying a reservation: the shopper pays through the payment provider while the hold lasts; a
 * succeeded payment (from the pay step or the provider's webhook, relayed by payments) marks it
 * paid and gives the shopper a pickup code.
 */
@Injectable()
export class ReservationPayments {
  constructor(
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(ReservationMoney) private readonly money: ReservationMoney,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(WaitingOffers) private readonly waitingOffers: WaitingOffers,
  ) {}

  /** One reservation of the caller's, with its client secret while it waits for payment. */
  async get(caller: TokenClaims, id: number): Promise<Reservation> {
    const reservation = await this.ownReservation(caller, id);
    const intent = reservation.status === 'pending' ? await this.money.intentFor(reservation) : null;
    return toReservation(await this.fresh(id), intent);
  }

  /**
   * The intent of a reservation just made, after its commit: no provider call holds the item's row
   * lock, so the race's losers are answered at once. If the provider is down now, paying makes it later.
   */
  async openIntent(reservation: ReservationRow): Promise<{ id: string; clientSecret: string } | null> {
    return this.money.intentFor(reservation).catch((error: unknown) => {
      this.logger.warn(
        { err: String(error), reservationId: reservation.id },
        'payment intent not created at reserve; the pay step retries',
      );
      return null;
    });
  }

  /**
   * The shopper says they paid: the provider is asked (the simulated one succeeds here; with Stripe
   * the card step already ran in the browser), and a succeeded payment marks it paid. The verified
   * webhook (`payment.intent_succeeded` from payments) does the same when the shopper never comes back.
   */
  async pay(caller: TokenClaims, id: number): Promise<Reservation> {
    const reservation = await this.ownReservation(caller, id);
    if (reservation.status === 'paid' || reservation.status === 'collected') return toReservation(reservation, null);
    if (reservation.status !== 'pending') throw conflict(endedMessage(reservation));
    const intent = await this.money.intentFor(reservation);
    if (!intent) throw conflict(endedMessage(reservation));
    const reported = await this.money.reported(intent.id);
    if (!reported || reported.status !== 'succeeded') throw badRequest('Payment has not succeeded');
    await this.applyPayment(reported);
    const after = await this.fresh(id);
    if (after.status !== 'paid' && after.status !== 'collected') throw conflict(endedMessage(after));
    return toReservation(after, null);
  }

  /**
   * A succeeded payment of a reservation (from the pay step or the provider's webhook), applied once:
   * a pending reservation becomes paid; one that ended before the money came (its hold lapsed, the
   * host cancelled) is refunded at once.
   */
  async applyPayment(intent: ProviderIntent, manager?: EntityManager, emit?: Emit): Promise<void> {
    if (intent.purpose !== RESERVATION_PURPOSE) return;
    const work = async (m: EntityManager, e: Emit) => {
      const reservation = await this.reservations.findByIntent(m, intent.id);
      if (!reservation) {
        this.logger.warn({ paymentIntentId: intent.id }, 'payment of no known reservation ignored');
        return;
      }
      if (intent.amountCents !== reservation.amount_cents) {
        this.logger.warn(
          { paymentIntentId: intent.id, reservationId: reservation.id },
          'payment amount differs from the reservation; ignored',
        );
        return;
      }
      if (reservation.status === 'pending') {
        await this.markPaid(m, e, reservation, this.clock.now());
      } else if (reservation.status === 'lapsed' || reservation.status === 'cancelled') {
        await this.money.recordCharge(m, reservation);
        const refunded = await this.reservations.refundLate(m, reservation.id);
        if (refunded) {
          await this.money.recordRefund(m, refunded);
          e('reservation.refunded', refunded.version, toReservationSnapshot(refunded));
        }
      }
    };
    if (manager && emit) await work(manager, emit);
    else await this.outbox.transaction(work);
  }

  /**
   * The reservation is paid, in the caller's transaction; null when it no longer waited for payment.
   * The item is then as good as sold: offers still waiting on it are declined (their shoppers told)
   * rather than left for the host to find unanswerable. An unpaid hold leaves them, since it may lapse.
   */
  async markPaid(manager: EntityManager, emit: Emit, reservation: ReservationRow, at: Date): Promise<ReservationRow | null> {
    const paid = await this.reservations.markPaid(manager, reservation.id, at);
    if (!paid) return null;
    if (paid.amount_cents > 0) await this.money.recordCharge(manager, paid);
    emit('reservation.paid', paid.version, toReservationSnapshot(paid));
    await this.waitingOffers.endForItems(manager, emit, [paid.item_id]);
    return paid;
  }

  private async ownReservation(caller: TokenClaims, id: number): Promise<ReservationRow> {
    const reservation = await this.reservations.findById(id);
    if (!reservation || reservation.user_id !== caller.userId || reservation.status === ('legacy' as string))
      throw notFound(RESERVATION_NOT_FOUND);
    return reservation;
  }

  private async fresh(id: number): Promise<ReservationRow> {
    return (await this.reservations.findById(id))!;
  }
}
