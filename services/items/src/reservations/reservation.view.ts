import type { HostedReservation, Reservation } from '@garage/contracts';
import type { ReservationsRepository, ReservationRow } from './reservations.repository.js';

export const RESERVATION_CURRENCY = 'usd';
export const RESERVATION_NOT_FOUND = 'Reservation not found';

/** A reservation as its shopper sees it; the client secret only while it waits for payment. */
export function toReservation(row: ReservationRow, intent: { id: string; clientSecret: string } | null): Reservation {
  return {
    id: row.id,
    item_id: row.item_id,
    status: row.status,
    amount_cents: row.amount_cents,
    currency: row.currency,
    paymentIntentId: row.payment_intent_id ?? intent?.id ?? null,
    clientSecret: row.status === 'pending' ? (intent?.clientSecret ?? null) : null,
    expiresAt: new Date(row.expires_at).toISOString(),
    pickup_code: row.status === 'paid' || row.status === 'collected' ? row.pickup_code : null,
    end_reason: row.end_reason,
    created_at: new Date(row.reserved_at).toISOString(),
    paid_at: iso(row.paid_at),
    collected_at: iso(row.collected_at),
    rated: Boolean(row.rated),
  };
}

type HostedRow = Awaited<ReturnType<ReservationsRepository['listForSale']>>[number];

/** A row of the host's list: the shopper by name only (no email, no phone). */
export function toHosted(row: HostedRow): HostedReservation {
  return {
    id: row.id,
    item_id: row.item_id,
    item_title: row.item_title,
    status: row.status,
    amount_cents: row.amount_cents,
    currency: row.currency,
    shopper_first_name: row.first_name,
    shopper_last_name: row.last_name,
    paid_at: iso(row.paid_at),
    collected_at: iso(row.collected_at),
  };
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** Why an ended reservation refuses what was asked of it. */
export function endedMessage(reservation: ReservationRow): string {
  switch (reservation.status) {
    case 'lapsed':
      return 'The hold on this item has lapsed';
    case 'collected':
      return 'Reservation is already collected';
    case 'refunded':
      return 'Reservation was refunded';
    default:
      return 'Reservation was cancelled';
  }
}
