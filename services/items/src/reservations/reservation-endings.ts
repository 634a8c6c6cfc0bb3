import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Reservation, ReservationEndReason, TokenClaims } from '@garage/contracts';
import { Outbox, type Emit } from '@garage/event-bus';
import { Clock, conflict, notFound } from '@garage/service-kit';
import { toSnapshot } from '../items/item.row.js';
import { ItemsRepository } from '../items/items.repository.js';
import type { OpenReservations } from '../items/open-reservations.port.js';
import { ReservationMoney } from './reservation-money.js';
import { endedMessage, RESERVATION_NOT_FOUND, toReservation } from './reservation.view.js';
import { ReservationsRepository, toReservationSnapshot, type ReservationRow } from './reservations.repository.js';

/** Reservations ended in one pass of the sweep (rows are locked with SKIP LOCKED, so replicas share the work). */
const BATCH = 50;

/**
 * How an open reservation ends without a pickup, in the caller's transaction: unpaid, it is
 * `cancelled` (or `lapsed` when its hold ran out); paid, it is `refunded` and a refund row is added to
 * the ledger, which the ledger settlement carries out with the provider. Each ending is announced
 * (`reservation.lapsed|cancelled|refunded`), which the shopper service turns into an alert and an
 * email. Ending an already ended reservation changes nothing, so every path may call it: the
 * shopper's cancel, the sweep's lapsed holds and uncollected reservations, and the item side's
 * writes (through `OpenReservations`).
 */
@Injectable()
export class ReservationEndings implements OpenReservations {
  constructor(
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(ReservationMoney) private readonly money: ReservationMoney,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The shopper cancels: allowed until the sale starts; a paid reservation is refunded in full. */
  async cancel(caller: TokenClaims, id: number): Promise<Reservation> {
    await this.outbox.transaction(async (manager, emit) => {
      const reservation = await this.reservations.findById(id, manager, true);
      if (!reservation || reservation.user_id !== caller.userId) throw notFound(RESERVATION_NOT_FOUND);
      if (reservation.status !== 'pending' && reservation.status !== 'paid') throw conflict(endedMessage(reservation));
      if (await this.reservations.saleStarted(manager, reservation.sale_id, this.clock.now()))
        throw conflict('A reservation can only be cancelled before the sale starts');
      await this.end(manager, emit, [reservation], 'shopper_cancelled', true);
    });
    const after = (await this.reservations.findById(id))!;
    if (after.payment_intent_id && after.status === 'cancelled') await this.money.cancelIntent(after.payment_intent_id);
    return toReservation(after, null);
  }

  /** Unpaid holds past their time lapse, and the item is free again. */
  async lapseHolds(): Promise<void> {
    const lapsedIntents = await this.outbox.transaction(async (manager, emit) => {
      const expired = await this.reservations.expiredHolds(manager, this.clock.now(), BATCH);
      await this.end(manager, emit, expired, 'hold_expired', true);
      return expired.map((r) => r.payment_intent_id).filter((id): id is string => id !== null);
    });
    for (const id of lapsedIntents) await this.money.cancelIntent(id);
  }

  /** Paid reservations nobody collected by the sale's end are refunded. */
  async refundUncollected(): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const uncollected = await this.reservations.uncollectedAfterSale(manager, this.clock.now(), BATCH);
      await this.end(manager, emit, uncollected, 'not_collected', true);
    });
  }

  /**
   * Ends each open reservation; with `release`, its item is no longer marked reserved (when the
   * item itself stays: a deleted or sold item is left as the owner's write made it).
   */
  async end(manager: EntityManager, emit: Emit, open: ReservationRow[], reason: ReservationEndReason, release: boolean): Promise<void> {
    const now = this.clock.now();
    for (const reservation of open) {
      const status = reservation.status === 'paid' ? 'refunded' : reason === 'hold_expired' ? 'lapsed' : 'cancelled';
      const ended = await this.reservations.end(manager, reservation.id, status, reason, now);
      if (!ended) continue;
      if (status === 'refunded') await this.money.recordRefund(manager, ended);
      emit(`reservation.${status}`, ended.version, toReservationSnapshot(ended));
      if (release) {
        const item = await this.items.release(manager, reservation.item_id);
        if (item) emit('item.updated', item.version, toSnapshot(item));
      }
    }
  }

  /** The open reservations of these items end (the owner deleted, sold or moved them). */
  async endForItems(manager: EntityManager, emit: Emit, itemIds: number[], reason: ReservationEndReason, release: boolean) {
    await this.end(manager, emit, await this.reservations.openForItems(manager, itemIds), reason, release);
  }

  /** Items moved into `saleId`: a reservation made in another sale ends, since it is no longer where its shopper was told to collect it. */
  async endMovedElsewhere(manager: EntityManager, emit: Emit, itemIds: number[], saleId: number): Promise<void> {
    const open = await this.reservations.openForItems(manager, itemIds);
    const elsewhere = open.filter((reservation) => reservation.sale_id !== null && reservation.sale_id !== saleId);
    await this.end(manager, emit, elsewhere, 'item_removed', true);
  }
}
