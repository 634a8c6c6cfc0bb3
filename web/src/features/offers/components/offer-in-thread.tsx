import type { MessageOffer } from '@garage/contracts';
import { formatPrice } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { useMyReservationsForOffers, useOffers } from '../api/offers';
import { OfferCard } from './offer-card';
import { offerStatusLabel } from './offer-status';

/**
 * An offer's change inside its conversation. The newest message of each offer carries the offer as
 * it is now, with the same buttons as the Offers screen; older ones show what it was then.
 */
export function OfferInThread({ change, role, current }: { change: MessageOffer; role: 'buyer' | 'host'; current: boolean }) {
  const offers = useOffers(role, current);
  const offer = current ? offers.data?.find((candidate) => candidate.id === change.offerId) : undefined;
  const reservations = useMyReservationsForOffers(role === 'buyer' && offer?.reservationId != null);
  if (offer) {
    return <OfferCard offer={offer} role={role} reservation={reservations.data?.find((r) => r.id === offer.reservationId)} />;
  }
  const status = offerStatusLabel(change.status, role);
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
      <Badge tone={status.tone}>{status.text}</Badge>
      <span>
        {formatPrice(change.amount)}
        {change.counterAmount !== null && ` · counter ${formatPrice(change.counterAmount)}`}
      </span>
    </p>
  );
}
