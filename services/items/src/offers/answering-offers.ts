import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OFFER_NOT_FOUND, toCents, type Offer, type OfferStatus, type TokenClaims } from '@garage/contracts';
import { Outbox, type Emit } from '@garage/event-bus';
import { Clock, conflict, notFound, SERVICE_CONFIG } from '@garage/service-kit';
import type { ItemsConfig } from '../config.js';
import { badAmount, MakingOffers } from './making-offers.js';
import { offerExpiry } from './offer-deadline.js';
import { OfferEndings } from './offer-endings.js';
import { isWaiting, toOffer, toOfferEvent } from './offer.view.js';
import { OffersRepository, type OfferedItem, type OfferRow } from './offers.repository.js';

export type OfferMove = 'accept' | 'decline' | 'counter' | 'withdraw';

/** What a move did: the offer changed, or it had run out of time (expired now, then refused). */
type Outcome = { offer: OfferRow } | { expired: true };

/**
 * The host's and the shopper's answers to a waiting offer: an `open` offer is the host's to accept,
 * decline or counter; a `countered` one the shopper's to accept or decline; the shopper may
 * withdraw either. Anyone else learns nothing (404). Every answer locks the item's row first (the
 * service's one lock order), so of concurrent accepts, counters and offers on one item each sees the
 * last one's outcome, and exactly one reservation comes of them.
 */
@Injectable()
export class AnsweringOffers {
  constructor(
    @Inject(OffersRepository) private readonly offers: OffersRepository,
    @Inject(MakingOffers) private readonly making: MakingOffers,
    @Inject(OfferEndings) private readonly endings: OfferEndings,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ItemsConfig,
  ) {}

  async answer(caller: TokenClaims, id: number, move: OfferMove, counterAmount?: number): Promise<Offer> {
    const known = await this.offers.findById(id);
    if (!known || (known.buyer_id !== caller.userId && known.host_id !== caller.userId)) throw notFound(OFFER_NOT_FOUND);
    const outcome = await this.outbox.transaction(async (manager, emit): Promise<Outcome> => {
      const now = this.clock.now();
      const item = await this.offers.lockItem(manager, known.item_id);
      const offer = (await this.offers.findById(id, manager, true))!;
      if (!isWaiting(offer, now)) {
        if (offer.status !== 'open' && offer.status !== 'countered') throw conflict(endedText(offer.status));
        // Its time ran out before the sweep came by: it expires now (committed), then the move is refused.
        await this.endings.end(manager, emit, [offer], 'expired', null);
        return { expired: true };
      }
      const role = caller.userId === offer.host_id ? 'host' : 'buyer';
      return { offer: await this.move(manager, emit, { offer, item, role, move, now, counterAmount }) };
    });
    if ('expired' in outcome) throw conflict('This offer has expired');
    if (outcome.offer.status === 'accepted' && outcome.offer.reservation_id !== null)
      await this.making.openIntentOf(outcome.offer.reservation_id);
    return toOffer((await this.offers.findById(id))!, this.clock.now());
  }

  private async move(
    manager: EntityManager,
    emit: Emit,
    step: { offer: OfferRow; item: OfferedItem | null; role: 'host' | 'buyer'; move: OfferMove; now: Date; counterAmount?: number },
  ): Promise<OfferRow> {
    const { offer, role, now } = step;
    const hostsMove = offer.status === 'open';
    switch (step.move) {
      case 'accept':
        if (role === 'host' && hostsMove)
          return this.making.accept(manager, emit, offer, offer.amount_cents, now, this.config.OFFER_HOLD_MINUTES);
        if (role === 'buyer' && !hostsMove) return this.making.accept(manager, emit, offer, offer.counter_amount_cents!, now, undefined);
        throw conflict(notYourMove(role));
      case 'decline':
        if ((role === 'host') !== hostsMove) throw conflict(notYourMove(role));
        return this.change(manager, emit, offer, { status: 'declined', at: now });
      case 'withdraw':
        if (role !== 'buyer') throw conflict('Only the shopper who made an offer can withdraw it');
        return this.change(manager, emit, offer, { status: 'withdrawn', at: now });
      case 'counter':
        if (role !== 'host') throw conflict('Only the host can counter an offer');
        if (!hostsMove) throw conflict('This offer is already countered; the shopper answers it');
        return this.counter(manager, emit, offer, step.item, toCents(step.counterAmount!), now);
    }
  }

  /** The host names another price: above the offer, below the item's price; the shopper has a new 24 h (or until the sale starts). */
  private async counter(
    manager: EntityManager,
    emit: Emit,
    offer: OfferRow,
    item: OfferedItem | null,
    cents: number,
    now: Date,
  ): Promise<OfferRow> {
    if (!item || item.is_sold) throw conflict('Item is already sold');
    if (item.is_reserved) throw conflict('Item is already reserved');
    if (cents >= item.price_cents) throw badAmount('Amount must be below the price');
    if (cents <= offer.amount_cents) throw badAmount('A counter must be above the offer');
    const sale = await this.offers.saleOf(manager, offer.sale_id);
    if (!sale || sale.status !== 'active' || item.garage_sale_id !== offer.sale_id)
      throw conflict('Offers are taken only on items of an upcoming sale');
    return this.change(manager, emit, offer, {
      status: 'countered',
      at: now,
      counterAmountCents: cents,
      expiresAt: offerExpiry(now, sale),
    });
  }

  private async change(manager: EntityManager, emit: Emit, offer: OfferRow, change: Parameters<OffersRepository['change']>[2]) {
    const changed = await this.offers.change(manager, offer.id, change);
    if (!changed) throw conflict('This offer is no longer waiting');
    emit(`offer.${change.status as 'declined' | 'withdrawn' | 'countered'}`, changed.version, toOfferEvent(changed, change.at));
    return changed;
  }
}

function notYourMove(role: 'host' | 'buyer'): string {
  return role === 'host' ? 'The shopper answers a counter, not the host' : 'The host answers an open offer, not the shopper';
}

/** Why an offer that no longer waits refuses a move. */
function endedText(status: OfferStatus): string {
  switch (status) {
    case 'accepted':
      return 'This offer was already accepted';
    case 'declined':
      return 'This offer was declined';
    case 'withdrawn':
      return 'This offer was withdrawn';
    default:
      return 'This offer has expired';
  }
}
