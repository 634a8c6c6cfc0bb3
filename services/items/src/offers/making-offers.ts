import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  OFFER_BELOW_FLOOR,
  OFFER_ITEM_TAKEN,
  PREMIUM_REQUIRED,
  toCents,
  type Offer,
  type OfferBody,
  type TokenClaims,
} from '@garage/contracts';
import { Outbox, type Emit } from '@garage/event-bus';
import { badRequest, Clock, conflict, forbidden, notFound } from '@garage/service-kit';
import { UsersRepository } from '../projections/users.repository.js';
import { ReservationPayments } from '../reservations/paying.js';
import { ReservationsRepository } from '../reservations/reservations.repository.js';
import { Reserving } from '../reservations/reserving.js';
import { offerExpiry, saleStartsAt } from './offer-deadline.js';
import { OfferEndings } from './offer-endings.js';
import { toOffer, toOfferEvent } from './offer.view.js';
import { OffersRepository, type OfferedItem, type OfferRow } from './offers.repository.js';

/** The 400 of an amount that breaks a rule only the item can tell (`details` names `amount`). */
export function badAmount(message: string) {
  return badRequest(message, [{ field: 'amount', message }]);
}

/**
 * A member offers on an item (premium, as reserving is). The offer is taken under the item's row
 * lock, so it sees the item as every accept does; below the host's floor it is declined at once,
 * at or above the host's auto-accept price it is accepted at once and becomes a reservation in the
 * same transaction.
 */
@Injectable()
export class MakingOffers {
  constructor(
    @Inject(OffersRepository) private readonly offers: OffersRepository,
    @Inject(OfferEndings) private readonly endings: OfferEndings,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Reserving) private readonly reserving: Reserving,
    @Inject(ReservationPayments) private readonly payments: ReservationPayments,
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async make(caller: TokenClaims, itemId: number, body: OfferBody): Promise<Offer> {
    // Payments' word, as for a reserve: this copy hears of a payment or a refund later.
    if (!(await this.users.isPremiumAskingPayments(caller.userId, this.clock.now()))) throw forbidden(PREMIUM_REQUIRED);
    const amountCents = toCents(body.amount);
    const offer = await this.outbox.transaction(async (manager, emit) => {
      const now = this.clock.now();
      const item = await this.offers.lockItem(manager, itemId);
      if (!item) throw notFound('Item not found');
      const expiresAt = await this.checkOfferable(manager, item, caller.userId, amountCents, now);
      const created = await this.offers.insert(manager, { item, buyerId: caller.userId, amountCents, expiresAt, at: now });
      emit('offer.created', created.version, toOfferEvent(created, now));
      return this.answerAtOnce(manager, emit, item, created, now);
    });
    if (offer.reservation_id !== null) await this.openIntentOf(offer.reservation_id);
    return toOffer((await this.offers.findById(offer.id))!, this.clock.now());
  }

  /** Whether the caller may offer this on the item now; the offer's expiry when they may. */
  private async checkOfferable(manager: EntityManager, item: OfferedItem, buyerId: number, amountCents: number, now: Date): Promise<Date> {
    if (item.user_id === buyerId) throw conflict('You cannot make an offer on your own item');
    if (item.is_sold) throw conflict('Item is already sold');
    if (item.is_reserved) throw conflict('Item is already reserved');
    if (amountCents >= item.price_cents) throw badAmount('Amount must be below the price');
    const sale = item.garage_sale_id === null ? null : await this.offers.saleOf(manager, item.garage_sale_id);
    if (!sale || sale.status !== 'active') throw conflict('Offers are taken only on items of an upcoming sale');
    if (saleStartsAt(sale).getTime() <= now.getTime()) throw conflict('The sale has started; offers are taken only before it starts');
    if (await this.offers.hasWaiting(manager, item.id, buyerId)) throw conflict('You already have an offer waiting on this item');
    return offerExpiry(now, sale);
  }

  /** The host's standing answers: below the floor declined politely, at the auto-accept price accepted. */
  private async answerAtOnce(manager: EntityManager, emit: Emit, item: OfferedItem, offer: OfferRow, now: Date): Promise<OfferRow> {
    if (item.min_offer_price_cents !== null && offer.amount_cents < item.min_offer_price_cents) {
      const declined = (await this.offers.change(manager, offer.id, { status: 'declined', at: now, message: OFFER_BELOW_FLOOR }))!;
      emit('offer.declined', declined.version, toOfferEvent(declined, now));
      return declined;
    }
    if (item.auto_accept_price_cents !== null && offer.amount_cents >= item.auto_accept_price_cents) {
      // The shopper is here to pay: the usual hold.
      return this.accept(manager, emit, offer, offer.amount_cents, now, undefined);
    }
    return offer;
  }

  /**
   * The offer is accepted at `agreedCents`: the item is held for its shopper by a reservation at
   * that amount (the same hold a reserve makes), and every other waiting offer on the item is
   * declined. The item's row is already locked by the caller.
   */
  async accept(
    manager: EntityManager,
    emit: Emit,
    offer: OfferRow,
    agreedCents: number,
    now: Date,
    holdMinutes: number | undefined,
  ): Promise<OfferRow> {
    const reservation = await this.reserving.hold(manager, emit, offer.item_id, offer.buyer_id, {
      now,
      amountCents: agreedCents,
      ...(holdMinutes !== undefined ? { holdMinutes } : {}),
    });
    const accepted = await this.offers.change(manager, offer.id, {
      status: 'accepted',
      at: now,
      agreedAmountCents: agreedCents,
      reservationId: reservation.id,
    });
    if (!accepted) throw conflict('This offer is no longer waiting');
    emit('offer.accepted', accepted.version, toOfferEvent(accepted, now));
    await this.endings.declineOthers(manager, emit, offer.item_id, offer.id, OFFER_ITEM_TAKEN);
    return accepted;
  }

  /** The payment intent of an accepted offer's reservation, after commit (as a reserve opens it). */
  async openIntentOf(reservationId: number): Promise<void> {
    const reservation = await this.reservations.findById(reservationId);
    if (reservation) await this.payments.openIntent(reservation);
  }
}
