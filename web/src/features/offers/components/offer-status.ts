import type { Offer, OfferStatus } from '@garage/contracts';
import type { BadgeTone } from '@/components/ui/badge';
import { formatPrice } from '@/lib/format';

/** The words and colour of an offer's state, as its shopper or its host reads them. */
export function offerStatusLabel(status: OfferStatus, role: 'buyer' | 'host'): { text: string; tone: BadgeTone } {
  switch (status) {
    case 'open':
      return { text: role === 'host' ? 'Waiting for your answer' : 'Waiting for the seller', tone: 'blue' };
    case 'countered':
      return { text: role === 'buyer' ? 'Countered: your answer' : 'Countered: waiting for the shopper', tone: 'amber' };
    case 'accepted':
      return { text: 'Accepted', tone: 'green' };
    case 'declined':
      return { text: 'Declined', tone: 'red' };
    case 'expired':
      return { text: 'Expired', tone: 'gray' };
    case 'withdrawn':
      return { text: 'Withdrawn', tone: 'gray' };
  }
}

/** The price the item goes for: what was agreed, else the counter on the table, else the offer. */
export function offerPrice(offer: Pick<Offer, 'agreedAmount' | 'counterAmount' | 'amount'>): string {
  return formatPrice(offer.agreedAmount ?? offer.counterAmount ?? offer.amount);
}

/** Whose move a waiting offer is: the host answers an open offer, the shopper a counter. */
export function isMyMove(offer: Pick<Offer, 'status'>, role: 'buyer' | 'host'): boolean {
  return (offer.status === 'open' && role === 'host') || (offer.status === 'countered' && role === 'buyer');
}
