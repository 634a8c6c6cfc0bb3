import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { AnyEvent, EventType } from '@garage/contracts';
import { InboxHandler, LiveUpdatesPublisher } from '@garage/service-kit';

/** The reservation facts both members' open pages show (the lock is the shopper's alert only). */
const RESERVATION_CHANGES = [
  'reservation.created',
  'reservation.paid',
  'reservation.collected',
  'reservation.lapsed',
  'reservation.cancelled',
  'reservation.refunded',
] as const satisfies readonly EventType[];
type ReservationChange = (typeof RESERVATION_CHANGES)[number];

const isReservationChange = (event: AnyEvent): event is Extract<AnyEvent, { type: ReservationChange }> =>
  (RESERVATION_CHANGES as readonly string[]).includes(event.type);

/**
 * A reservation changed (decision 0275): the shopper's and the host's open tabs are told at once,
 * as of an offer, so My reservations, the host's reservations of the sale and the item show it
 * without a reload. Once per event (the inbox sees to that); the bell's alerts are the
 * reservation-ended handler's.
 */
@Controller()
export class OnReservationChangedHandler {
  constructor(@Inject(LiveUpdatesPublisher) private readonly live: LiveUpdatesPublisher) {}

  @InboxHandler('notifications.reservation-changed', [...RESERVATION_CHANGES])
  handle(@Payload() event: AnyEvent): void {
    if (!isReservationChange(event)) return;
    const { id, item_id, status, user_id, host_id } = event.data;
    const update = { kind: 'reservation', reservationId: id, itemId: item_id, status } as const;
    this.live.send(user_id, update);
    if (host_id !== user_id) this.live.send(host_id, update);
  }
}
