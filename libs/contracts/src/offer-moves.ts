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
 * Who hears of the change in the bell and by email: the other side of the move. An offer made
 * is the host's news, even one their auto-accept price took at once; one their floor declined at
 * once is nobody's (the shopper read the answer as they offered, the host asked not to be bothered).
 */
export function offerAudience(type: OfferEventType, data: OfferChanged): number[] {
  if (type === 'offer.created') return data.offer.status === 'declined' ? [] : [data.hostId];
  return [offerMover(type, data) === 'buyer' ? data.hostId : data.buyerId];
}
