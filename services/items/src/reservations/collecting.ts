import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { CollectBody, HostedReservation, TokenClaims } from '@garage/contracts';
import { Outbox } from '@garage/event-bus';
import { ApiError, Clock, conflict, notFound } from '@garage/service-kit';
import { toSnapshot } from '../items/item.row.js';
import { ItemsRepository } from '../items/items.repository.js';
import { PickupCodeGuard, type CollectOutcome } from './pickup-code-guard.js';
import { ReservationMoney } from './reservation-money.js';
import { endedMessage, RESERVATION_NOT_FOUND, toHosted } from './reservation.view.js';
import { ReservationsRepository, toReservationSnapshot } from './reservations.repository.js';

/** A wrong pickup code: told apart from the collect's other refusals, since only it counts as a guess. */
class WrongPickupCode extends ApiError {
  constructor() {
    super(HttpStatus.BAD_REQUEST, 'Pickup code does not match');
  }
}

/**
 * The host checks the shopper's pickup code at the sale and hands the item over: the item is sold,
 * the reservation collected, and a transfer of its amount to the host is added to the ledger, all
 * in one transaction. Code guessing is limited by `PickupCodeGuard`.
 */
@Injectable()
export class Collecting {
  constructor(
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(ReservationMoney) private readonly money: ReservationMoney,
    @Inject(PickupCodeGuard) private readonly pickupCodes: PickupCodeGuard,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async collect(caller: TokenClaims, id: number, body: CollectBody): Promise<HostedReservation> {
    // Only the host's attempts count against the code's limits: anyone else is told nothing more
    // than for an unknown id, and cannot lock the host out.
    const found = await this.reservations.findById(id);
    if (!found || found.host_id !== caller.userId) throw notFound(RESERVATION_NOT_FOUND);
    await this.pickupCodes.take(id, caller.userId);
    let outcome: CollectOutcome = 'other';
    try {
      await this.collectWithCode(caller, id, body);
      outcome = 'collected';
    } catch (error) {
      if (error instanceof WrongPickupCode) outcome = 'wrong-code';
      throw error;
    } finally {
      await this.pickupCodes.settle(found, caller.userId, outcome);
    }
    const [row] = (await this.ofSaleRow(id))!;
    return row!;
  }

  private async collectWithCode(caller: TokenClaims, id: number, body: CollectBody): Promise<void> {
    await this.outbox.transaction(async (manager, emit) => {
      const reservation = await this.reservations.findById(id, manager, true);
      if (!reservation || reservation.host_id !== caller.userId) throw notFound(RESERVATION_NOT_FOUND);
      if (reservation.status === 'collected') throw conflict('Reservation is already collected');
      if (reservation.status !== 'paid')
        throw conflict(reservation.status === 'pending' ? 'Reservation is not paid yet' : endedMessage(reservation));
      if (reservation.pickup_code !== body.pickupCode) throw new WrongPickupCode();
      const collected = (await this.reservations.markCollected(manager, id, this.clock.now()))!;
      const item = await this.items.markSold(manager, reservation.item_id);
      if (item) emit('item.updated', item.version, toSnapshot(item));
      await this.money.recordTransfer(manager, collected);
      emit('reservation.collected', collected.version, toReservationSnapshot(collected));
    });
  }

  private async ofSaleRow(id: number): Promise<HostedReservation[] | null> {
    const reservation = (await this.reservations.findById(id))!;
    if (reservation.sale_id === null) return null;
    const rows = await this.reservations.listForSale(reservation.sale_id);
    return rows.filter((row) => row.id === id).map(toHosted);
  }
}
