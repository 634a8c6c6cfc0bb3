import { fromCents, type Offer, type OfferChanged } from '@garage/contracts';
import type { OfferRow } from './offers.repository.js';

/** Whether the offer still waits on someone at `now` (open or countered, and not past its time). */
export function isWaiting(row: Pick<OfferRow, 'status' | 'expires_at'>, now: Date): boolean {
  return (row.status === 'open' || row.status === 'countered') && new Date(row.expires_at).getTime() > now.getTime();
}

/**
 * The offer as its shopper and host see it. A waiting offer past its time reads `expired` even if
 * the sweep has not written so yet: no answer shows a stale waiting offer.
 */
export function toOffer(row: OfferRow, now: Date): Offer {
  const waitingStatus = row.status === 'open' || row.status === 'countered';
  return {
    id: row.id,
    itemId: row.item_id,
    saleId: row.sale_id,
    buyerId: row.buyer_id,
    hostId: row.host_id,
    amount: fromCents(row.amount_cents),
    status: waitingStatus && !isWaiting(row, now) ? 'expired' : row.status,
    counterAmount: cents(row.counter_amount_cents),
    agreedAmount: cents(row.agreed_amount_cents),
    expiresAt: new Date(row.expires_at).toISOString(),
    reservationId: row.reservation_id,
    message: row.message,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    item: { id: row.item_id, title: row.item_title, price: fromCents(Number(row.item_price_cents)), imageUrls: row.image_urls ?? [] },
    saleTitle: row.sale_title,
  };
}

/** The `offer.*` payload: the offer as it now is, with who it is between and what it is about. */
export function toOfferEvent(row: OfferRow, now: Date): OfferChanged {
  return { offer: toOffer(row, now), hostId: row.host_id, buyerId: row.buyer_id, itemTitle: row.item_title, saleTitle: row.sale_title };
}

function cents(value: number | null): number | null {
  return value === null ? null : fromCents(value);
}
