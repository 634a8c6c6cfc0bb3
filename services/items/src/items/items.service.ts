import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SaleDays, toCents, type Item, type ItemCreate, type ItemUpdate, type TokenClaims } from '@garage/contracts';
import { Outbox, type KnownSale } from '@garage/event-bus';
import { badRequest, Clock, forbidden, notFound, type Viewer } from '@garage/service-kit';
import { SalesRepository } from '../projections/sales.repository.js';
import { toItem, toSnapshot, type ItemRow } from './item.row.js';
import { ItemsRepository } from './items.repository.js';
import { OpenReservations } from './open-reservations.port.js';
import { WaitingOffers } from './waiting-offers.port.js';

/** The one answer to anyone but the owner, so an item's existence is not revealed to them. */
const NOT_FOUND_OR_UNAUTHORIZED = 'Item not found or unauthorized';

@Injectable()
export class ItemsService {
  constructor(
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(OpenReservations) private readonly reservations: OpenReservations,
    @Inject(WaitingOffers) private readonly offers: WaitingOffers,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async create(caller: TokenClaims, body: ItemCreate): Promise<Item> {
    const sale = body.garageSaleId !== null ? await this.knownSale(body.garageSaleId) : null;
    const id = await this.outbox.transaction(async (manager, emit) => {
      if (sale) await this.requireOwnSale(manager, sale, caller.userId);
      const item = await this.items.insert(manager, caller.userId, body, sale);
      emit('item.created', item.version, toSnapshot(item));
      return item.id;
    });
    return this.get(id, caller);
  }

  async get(id: number, viewer: Viewer): Promise<Item> {
    const row = await this.items.findById(id);
    if (!row) throw notFound('Item not found');
    return toItem(row, { viewer, now: this.clock.now() });
  }

  async update(caller: TokenClaims, id: number, body: ItemUpdate): Promise<Item> {
    const sale = body.garageSaleId !== null ? await this.knownSale(body.garageSaleId) : null;
    await this.outbox.transaction(async (manager, emit) => {
      const existing = await this.items.findById(id, manager);
      if (!existing || existing.user_id !== caller.userId) throw notFound(NOT_FOUND_OR_UNAUTHORIZED);
      checkKeptOfferPrices(existing, body);
      if (sale) await this.requireOwnSale(manager, sale, caller.userId);
      const item = await this.items.update(manager, id, caller.userId, body, sale);
      if (!item) throw notFound(NOT_FOUND_OR_UNAUTHORIZED);
      emit('item.updated', item.version, toSnapshot(item));
      // The owner sold it to someone else, cleared its reservation, or took it out of its sale: a
      // shopper's open reservation ends (refunded when paid).
      const movedOut = existing.garage_sale_id !== null && item.garage_sale_id !== existing.garage_sale_id;
      if (item.is_sold && !existing.is_sold) await this.reservations.endForItems(manager, emit, [id], 'item_sold_elsewhere', false);
      else if (movedOut) await this.reservations.endForItems(manager, emit, [id], 'item_removed', true);
      else if (!item.is_reserved) await this.reservations.endForItems(manager, emit, [id], 'item_removed', false);
      // Nor can a waiting offer be taken on it any more.
      if ((item.is_sold && !existing.is_sold) || movedOut) await this.offers.endForItems(manager, emit, [id]);
    });
    return this.get(id, caller);
  }

  async delete(caller: TokenClaims, id: number): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const item = await this.items.delete(manager, id, caller.userId);
      if (!item) throw notFound(NOT_FOUND_OR_UNAUTHORIZED);
      await this.reservations.endForItems(manager, emit, [id], 'item_deleted', false);
      await this.offers.endForItems(manager, emit, [id]);
      // The media service removes the images nobody uses any more on this event.
      emit('item.deleted', item.version + 1, {
        id: item.id,
        user_id: item.user_id,
        garage_sale_id: item.garage_sale_id,
        image_urls: item.image_urls,
      });
    });
  }

  /** The caller's items; sold ones only with `includeAll` (the picker of a new sale leaves them out). */
  async mine(caller: TokenClaims, includeAll: boolean): Promise<Item[]> {
    const rows = await this.items.listByOwner(caller.userId, includeAll);
    const now = this.clock.now();
    const days = new SaleDays(now);
    return rows.map((row) => toItem(row, { viewer: caller, now, days }));
  }

  /** The items of one sale, for the gateway's composed sale detail. */
  async ofSale(saleId: number, viewer: Viewer): Promise<Item[]> {
    const rows = await this.items.listBySale(saleId);
    const now = this.clock.now();
    const days = new SaleDays(now);
    return rows.map((row) => toItem(row, { viewer, now, days }));
  }

  /**
   * A sale named by a request, from this service's copy or, when the copy has not heard of it yet
   * (a sale created a moment ago, a broker outage), from the sales service itself; 404 when neither
   * has it.
   */
  async knownSale(saleId: number): Promise<KnownSale> {
    const sale = await this.sales.findOrAsk(saleId);
    if (!sale) throw notFound('Sale not found');
    return sale;
  }

  /**
   * The host of `sale` for a write into it, checked in the writing transaction: the copy's row,
   * locked for share, when the copy has it (a deleted one is nobody's to fill); the owner's word
   * when the copy does not have it yet.
   */
  async hostFor(manager: EntityManager, sale: KnownSale): Promise<number | null> {
    const kept = await this.sales.findLiveForShare(manager, sale.id);
    if (kept) return kept.user_id;
    if (!sale.fromOwner) return null;
    // Nothing here to lock yet: serialised with the sale's deletion arriving meanwhile instead.
    await this.sales.lockSaleId(manager, sale.id);
    const arrived = await this.sales.findLiveForShare(manager, sale.id);
    if (arrived) return arrived.user_id;
    // Each read sees what was committed when it ran: `sale.created` may have been applied between
    // the two. Its row then answers (a tombstone is nobody's to fill); the deletion handler takes
    // the lock held here, so the row cannot go away before this transaction ends.
    const now = await this.sales.find(sale.id, manager);
    if (now) return now.deleted ? null : now.user_id;
    return sale.user_id;
  }

  /** An item may only be put into a live sale of its owner's. */
  private async requireOwnSale(manager: EntityManager, sale: KnownSale, userId: number): Promise<void> {
    if ((await this.hostFor(manager, sale)) !== userId) throw forbidden('You can only add items to your own sale');
  }
}

/**
 * An edit that leaves the host's offer prices out keeps them (the form checks only what it sends):
 * a kept one must still fit the new price, as the form's own check would have it.
 */
function checkKeptOfferPrices(existing: ItemRow, body: ItemUpdate): void {
  const price = toCents(body.price);
  if (body.minOfferPrice === undefined && existing.min_offer_price_cents !== null && existing.min_offer_price_cents > price) {
    const message = 'Minimum offer price cannot be above the price';
    throw badRequest(message, [{ field: 'minOfferPrice', message }]);
  }
  if (body.autoAcceptPrice === undefined && existing.auto_accept_price_cents !== null && existing.auto_accept_price_cents > price) {
    const message = 'Auto-accept price cannot be above the price';
    throw badRequest(message, [{ field: 'autoAcceptPrice', message }]);
  }
}
