import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PREMIUM_REQUIRED, type Item, type Reservation, type TokenClaims } from '@garage/contracts';
import { Outbox, type Emit } from '@garage/event-bus';
import { Clock, conflict, forbidden, notFound, SERVICE_CONFIG } from '@garage/service-kit';
import type { ItemsConfig } from '../config.js';
import { toItem, toSnapshot } from '../items/item.row.js';
import { ItemsRepository } from '../items/items.repository.js';
import { UsersRepository } from '../projections/users.repository.js';
import { ReservationPayments } from './paying.js';
import { RESERVATION_CURRENCY, toReservation } from './reservation.view.js';
import { ReservationsRepository, toReservationSnapshot, type ReservationRow } from './reservations.repository.js';

/**
 * Premium members reserve items, paid upfront and collected during the sale's hours (spec section
 * 1): a reserve holds the item for `RESERVATION_HOLD_MINUTES` while the shopper pays through the
 * payment provider (see `ReservationPayments`); the hold on the item and the reservation commit together.
 */
@Injectable()
export class Reserving {
  constructor(
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(ReservationPayments) private readonly payments: ReservationPayments,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ItemsConfig,
  ) {}

  async reserve(caller: TokenClaims, itemId: number): Promise<Item & { reservation: Reservation }> {
    const now = this.clock.now();
    // Payments' word: this copy hears of a payment or a refund only after the member's next call may come.
    if (!(await this.users.isPremiumAskingPayments(caller.userId, now))) throw forbidden(PREMIUM_REQUIRED);
    const reservation = await this.outbox.transaction((manager, emit) => this.hold(manager, emit, itemId, caller.userId, { now }));
    const intent = await this.payments.openIntent(reservation);
    const item = await this.items.findById(itemId);
    if (!item) throw notFound('Item not found');
    const fresh = (await this.reservations.findById(reservation.id))!;
    return { ...toItem(item, { viewer: caller, now: this.clock.now() }), reservation: toReservation(fresh, intent) };
  }

  /**
   * The hold on the item and its reservation, in the caller's transaction: the item is marked
   * reserved (one conditional update, so of concurrent holds exactly one wins; 404 or 409 for the
   * others) and a pending reservation opened at `amountCents` (the item's price unless an accepted
   * offer agreed another) for `holdMinutes` (the configured hold unless said). The caller opens the
   * payment intent after commit (`ReservationPayments.openIntent`).
   */
  async hold(
    manager: EntityManager,
    emit: Emit,
    itemId: number,
    userId: number,
    options: { now: Date; amountCents?: number; holdMinutes?: number },
  ): Promise<ReservationRow> {
    const { now } = options;
    const item = await this.items.reserve(manager, itemId, userId);
    if (!item) throw await this.whyNot(manager, itemId, userId);
    emit('item.reserved', item.version, { ...toSnapshot(item), reserved_by: userId, reserved_at: now.toISOString() });
    const created = await this.reservations.insert(manager, {
      itemId: item.id,
      userId,
      hostId: item.user_id,
      saleId: item.garage_sale_id,
      itemTitle: item.title,
      amountCents: options.amountCents ?? item.price_cents,
      currency: RESERVATION_CURRENCY,
      reservedAt: now,
      expiresAt: new Date(now.getTime() + (options.holdMinutes ?? this.config.RESERVATION_HOLD_MINUTES) * 60_000),
    });
    emit('reservation.created', created.version, toReservationSnapshot(created));
    // A free item has nothing to pay: it is paid at once and gets its pickup code.
    if (created.amount_cents === 0) return (await this.payments.markPaid(manager, emit, created, now)) ?? created;
    return created;
  }

  /**
   * Explains a reserve that matched no row: the conditional update already decided, this only words
   * it. It reads through the transaction's own connection: asking the pool for a second one while
   * holding the first deadlocks once every connection is held by a reserve waiting for the winner.
   */
  private async whyNot(manager: EntityManager, itemId: number, userId: number) {
    const item = await this.items.findById(itemId, manager);
    if (!item) return notFound('Item not found');
    if (item.user_id === userId) return conflict('You cannot reserve your own item');
    if (item.is_sold) return conflict('Item is already sold');
    return conflict('Item is already reserved');
  }
}
