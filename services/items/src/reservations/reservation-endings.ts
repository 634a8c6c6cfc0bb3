import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ReservationEndReason } from '@garage/contracts';
import type { Emit } from '@garage/event-bus';
import { PaymentProvider } from '@garage/payments';
import { Clock } from '@garage/service-kit';
import { toSnapshot } from '../items/item.row.js';
import { ItemsRepository } from '../items/items.repository.js';
import { LedgerRepository } from './ledger.repository.js';
import { ReservationsRepository, toReservationSnapshot, type ReservationRow } from './reservations.repository.js';

/**
 * How an open reservation ends without a pickup, in the caller's transaction: unpaid, it is
 * `cancelled` (or `lapsed` when its hold ran out); paid, it is `refunded` and a refund row is added to
 * the ledger, which the money job carries out with the provider. Each ending is announced
 * (`reservation.lapsed|cancelled|refunded`), which the shopper service turns into an alert and an
 * email. Ending an already ended reservation changes nothing, so every path may call it.
 */
@Injectable()
export class ReservationEndings {
  constructor(
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

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
      if (status === 'refunded') await this.recordRefund(manager, ended);
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

  /** A paid reservation's money goes back (once: the ledger keeps one refund per reservation). */
  async recordRefund(manager: EntityManager, reservation: ReservationRow): Promise<void> {
    await this.ledger.record(manager, {
      reservationId: reservation.id,
      kind: 'refund',
      amountCents: reservation.amount_cents,
      currency: reservation.currency,
      provider: this.provider.name,
    });
  }
}
