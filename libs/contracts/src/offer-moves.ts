import type { EventType, OfferChanged } from './events.js';

/** The `offer.*` event types. */
export type OfferEventType = Extract<EventType, `offer.${string}`>;

/**
 * Whose move an `offer.*` event tells, read the same way by messages (whose message it is) and
 * notifications (who is told): an answer to a counter (`counterAmount` set, no `message`) is the
 * shopper's; what the host's own rules or the clock did (a floor, an auto-accept, another offer
 * accepted, the item gone, an unanswered offer lapsing) is the host's side, except an unanswered
 * counter lapsing, which was the shopper's to answer.
 */
export function offerMover(type: OfferEventType, data: OfferChanged): 'buyer' | 'host' {
  const { offer } = data;
  switch (type) {
    case 'offer.created':
      return offer.status === 'open' ? 'buyer' : 'host';
    case 'offer.withdrawn':
      return 'buyer';
    case 'offer.countered':
      return 'host';
    case 'offer.accepted':
    case 'offer.expired':
      return offer.counterAmount !== null ? 'buyer' : 'host';
    case 'offer.declined':
      return offer.counterAmount !== null && offer.message === null ? 'buyer' : 'host';
    default:
      return 'host';
  }
}

/**
 * Whether the event is the host's floor or auto-accept price answering an offer as it was made: items
 * publishes that `offer.declined` / `offer.accepted` right after `offer.created`, in the same
 * transaction, so the offer was last changed when it was made.
 */
export function offerAnsweredAtOnce(type: OfferEventType, data: OfferChanged): boolean {
  return (type === 'offer.declined' || type === 'offer.accepted') && data.offer.updatedAt === data.offer.createdAt;
}

/**
 * Who hears of the change in the bell and by email: the other side of the move. An answer given at
 * once is no one's news: the shopper read it as they offered, and the host's own rule gave it
 * (notifications turns the host's "new offer" into what became of it).
 */
export function offerAudience(type: OfferEventType, data: OfferChanged): number[] {
  if (offerAnsweredAtOnce(type, data)) return [];
  return [offerMover(type, data) === 'buyer' ? data.hostId : data.buyerId];
}
