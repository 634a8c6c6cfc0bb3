import type { MessageOffer, OfferChanged, OfferEventType } from '@garage/contracts';

const dollars = (amount: number) => `$${amount.toFixed(2)}`;

/** The words of the change, as both members read them in the conversation (the card shows the rest). */
export function offerText(type: OfferEventType, data: OfferChanged): string {
  const { offer, itemTitle } = data;
  const offered = `Offered ${dollars(offer.amount)} for "${itemTitle}".`;
  const agreed = offer.agreedAmount ?? offer.counterAmount ?? offer.amount;
  switch (type) {
    case 'offer.created':
      if (offer.status === 'accepted') return `${offered} Accepted at once: pay ${dollars(agreed)} to reserve it.`;
      if (offer.status === 'declined') return `${offered} ${offer.message ?? 'Declined.'}`;
      return offered;
    case 'offer.countered':
      return `Countered at ${dollars(offer.counterAmount ?? offer.amount)} for "${itemTitle}".`;
    case 'offer.accepted':
      return `Accepted ${dollars(agreed)} for "${itemTitle}": pay to reserve it, then collect it with the pickup code.`;
    case 'offer.declined':
      return offer.message ?? `Declined the offer of ${dollars(offer.counterAmount ?? offer.amount)} for "${itemTitle}".`;
    case 'offer.expired':
      return `The offer of ${dollars(offer.counterAmount ?? offer.amount)} for "${itemTitle}" expired without an answer.`;
    case 'offer.withdrawn':
      return `Withdrew the offer of ${dollars(offer.amount)} for "${itemTitle}".`;
  }
  return offered;
}

export function messageOffer(data: OfferChanged): MessageOffer {
  const { offer } = data;
  return {
    offerId: offer.id,
    status: offer.status,
    amount: offer.amount,
    counterAmount: offer.counterAmount,
    reservationId: offer.reservationId,
  };
}
