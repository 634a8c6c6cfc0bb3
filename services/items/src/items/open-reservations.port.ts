import type { EntityManager } from 'typeorm';
import type { ReservationEndReason } from '@garage/contracts';
import type { Emit } from '@garage/event-bus';

/**
 * What the item side needs of reservations: when the owner sells, deletes or moves an item, its
 * open reservation ends in the owner's same transaction (refunded when paid). Reservations
 * implement it (`ReservationEndings`), so items depend on this port only and the dependency runs
 * one way: reservations -> items.
 */
export abstract class OpenReservations {
  abstract endForItems(
    manager: EntityManager,
    emit: Emit,
    itemIds: number[],
    reason: ReservationEndReason,
    release: boolean,
  ): Promise<void>;
}
