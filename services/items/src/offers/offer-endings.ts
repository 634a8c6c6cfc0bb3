import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OFFER_ITEM_GONE, type SaleSnapshot } from '@garage/contracts';
import type { Emit } from '@garage/event-bus';
import { Clock } from '@garage/service-kit';
import type { WaitingOffers } from '../items/waiting-offers.port.js';
import { saleStartsAt } from './offer-deadline.js';
import { toOfferEvent } from './offer.view.js';
import { OffersRepository, type OfferRow } from './offers.repository.js';

/**
 * How waiting offers end without their shopper's or host's word, in the caller's transaction: another
 * offer on the item was accepted, the item was reserved, sold, deleted or taken out of its sale
 * (`declined`, with a polite `message`), or their time ran out (`expired`). Each is announced.
 */
@Injectable()
export class OfferEndings implements WaitingOffers {
  constructor(
    @Inject(OffersRepository) private readonly offers: OffersRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async end(manager: EntityManager, emit: Emit, rows: OfferRow[], status: 'declined' | 'expired', message: string | null): Promise<void> {
    const now = this.clock.now();
    for (const row of rows) {
      const ended = await this.offers.change(manager, row.id, { status, at: now, ...(message !== null ? { message } : {}) });
      if (ended) emit(`offer.${status}`, ended.version, toOfferEvent(ended, now));
    }
  }

  /** The waiting offers on the item other than `except` are declined with `message`. */
  async declineOthers(manager: EntityManager, emit: Emit, itemId: number, except: number | null, message: string): Promise<void> {
    await this.end(manager, emit, await this.offers.waitingOnItem(manager, itemId, except), 'declined', message);
  }

  /**
   * The sale changed: cancelled, its waiting offers are declined; otherwise one that would now
   * outlast the sale's (new) start ends at it. Rows held by an answer in flight are left to it.
   */
  async saleChanged(manager: EntityManager, emit: Emit, sale: SaleSnapshot): Promise<void> {
    const waiting = await this.offers.waitingInSale(manager, sale.id);
    if (waiting.length === 0) return;
    if (sale.status === 'cancelled') return this.declineInSale(manager, emit, sale.id);
    const start = saleStartsAt(sale);
    for (const offer of waiting) await this.offers.shorten(manager, offer.id, start);
  }

  /** The sale is gone: its waiting offers are declined. */
  async declineInSale(manager: EntityManager, emit: Emit, saleId: number): Promise<void> {
    await this.end(manager, emit, await this.offers.waitingInSale(manager, saleId), 'declined', OFFER_ITEM_GONE);
  }

  /** The items are gone from where they were offered on (deleted, sold, moved out of their sale). */
  async endForItems(manager: EntityManager, emit: Emit, itemIds: number[]): Promise<void> {
    for (const itemId of itemIds) await this.declineOthers(manager, emit, itemId, null, OFFER_ITEM_GONE);
  }
}
