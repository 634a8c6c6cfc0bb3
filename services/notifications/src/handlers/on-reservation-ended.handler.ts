import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import {
  fromCents,
  type AnyEvent,
  type ReservationEndReason,
  type ReservationPickupLocked,
  type ReservationSnapshot,
} from '@garage/contracts';
import { InboxContext, InboxHandler, LiveUpdatesPublisher } from '@garage/service-kit';
import { tellTheBell } from '../alerts/bell-count.js';
import { AlertEmailJob } from '../email/alert-email.job.js';

const WHY: Record<ReservationEndReason, string> = {
  hold_expired: 'it was not paid in time',
  shopper_cancelled: 'you cancelled it',
  sale_cancelled: 'the host cancelled the sale',
  sale_deleted: 'the host deleted the sale',
  item_deleted: 'the host deleted the item',
  item_removed: 'the host took the item out of the sale',
  item_sold_elsewhere: 'the host sold the item to someone else',
  not_collected: 'it was not collected before the sale ended',
  paid_after_lapse: 'the payment arrived after the hold had ended',
};

/** What the shopper is told when a reservation of theirs ends without a pickup. */
export function reservationAlert(data: ReservationSnapshot): { title: string; message: string } {
  const why = data.end_reason ? WHY[data.end_reason] : 'it ended';
  const amount = `$${fromCents(data.amount_cents).toFixed(2)}`;
  if (data.status === 'refunded')
    return {
      title: `Refunded: ${data.item_title}`,
      message: `Your reservation of "${data.item_title}" was refunded in full (${amount}) because ${why}.`,
    };
  if (data.status === 'lapsed')
    return {
      title: `Hold ended: ${data.item_title}`,
      message: `Your hold on "${data.item_title}" ended because ${why}; the item is available to others again. Nothing was charged.`,
    };
  return {
    title: `Reservation cancelled: ${data.item_title}`,
    message: `Your reservation of "${data.item_title}" was cancelled because ${why}. Nothing was charged.`,
  };
}

/** What the shopper is told when wrong pickup codes locked the collection of their reservation. */
export function pickupLockedAlert(data: ReservationPickupLocked): { title: string; message: string } {
  const until = new Date(data.locked_until).toISOString().slice(11, 16);
  return {
    title: `Pickup paused: ${data.item_title}`,
    message:
      `Several wrong pickup codes were entered for your reservation of "${data.item_title}", so it cannot be collected ` +
      `until ${until} UTC. Your code is unchanged: show it from My reservations when you collect. Never share it before you are at the sale.`,
  };
}

/**
 * A reservation that lapsed, was cancelled or refunded: its shopper gets an alert in the bell and
 * an email (always: it is about their money, not a subscription). Once per reservation and outcome.
 */
@Controller()
export class OnReservationEndedHandler {
  constructor(
    @Inject(AlertEmailJob) private readonly emails: AlertEmailJob,
    @Inject(LiveUpdatesPublisher) private readonly live: LiveUpdatesPublisher,
  ) {}

  @InboxHandler('notifications.reservation-ended', ['reservation.lapsed', 'reservation.cancelled', 'reservation.refunded'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager } = InboxContext.of(context);
    if (event.type !== 'reservation.lapsed' && event.type !== 'reservation.cancelled' && event.type !== 'reservation.refunded') return;
    const data = event.data;
    const { title, message } = reservationAlert(data);
    const rows: unknown[] = await manager.query(
      `INSERT INTO alerts (user_id, kind, item_id, sale_id, title, message, data, change_key, email_status)
       VALUES ($1, 'reservation', $2, $3, $4, $5, jsonb_build_object('reservationId', $6::integer), $7, 'pending')
       ON CONFLICT (user_id, change_key) WHERE change_key IS NOT NULL DO NOTHING RETURNING id`,
      [data.user_id, data.item_id, data.sale_id, title, message, data.id, `reservation:${data.id}:${data.status}`],
    );
    if (rows.length === 0) return;
    await tellTheBell(manager, this.live, data.user_id);
    this.emails.soon();
  }

  /** Collection locked after wrong pickup codes: an alert in the app (once per lock), no email. */
  @InboxHandler('notifications.reservation-pickup-locked', ['reservation.pickup_locked'])
  async pickupLocked(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    if (event.type !== 'reservation.pickup_locked') return;
    const data = event.data;
    const { title, message } = pickupLockedAlert(data);
    const { manager } = InboxContext.of(context);
    const rows: unknown[] = await manager.query(
      `INSERT INTO alerts (user_id, kind, item_id, sale_id, title, message, data, change_key, email_status)
       VALUES ($1, 'reservation', $2, $3, $4, $5, jsonb_build_object('reservationId', $6::integer, 'lockedUntil', $7::text), $8, 'none')
       ON CONFLICT (user_id, change_key) WHERE change_key IS NOT NULL DO NOTHING RETURNING id`,
      [
        data.user_id,
        data.item_id,
        data.sale_id,
        title,
        message,
        data.id,
        data.locked_until,
        `reservation:${data.id}:locked:${data.locked_until}`,
      ],
    );
    if (rows.length > 0) await tellTheBell(manager, this.live, data.user_id);
  }
}
