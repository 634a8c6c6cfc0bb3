import { Link } from 'react-router-dom';
import type { MyReservation, Offer } from '@garage/contracts';
import { formatPrice } from '@/lib/format';
import { formatWhen } from '@/lib/when';
import { Badge } from '@/components/ui/badge';
import { LinkButton } from '@/components/ui/button';
import { OfferActions } from './offer-actions';
import { offerPrice, offerStatusLabel } from './offer-status';

/** After an accept: the shopper pays in My Reservations, then shows the pickup code; the host collects it. */
function AcceptedNext({ offer, role, reservation }: { offer: Offer; role: 'buyer' | 'host'; reservation?: MyReservation }) {
  if (role === 'host') {
    return (
      <p className="text-sm text-gray-800">
        Reserved for the shopper at {offerPrice(offer)}.{' '}
        <Link to={`/sales/${offer.saleId}/reservations`} className="font-semibold text-blue-700 underline">
          Collect with their pickup code
        </Link>
      </p>
    );
  }
  if (reservation?.status === 'paid' && reservation.pickup_code) {
    return (
      <p className="text-sm text-gray-800">
        Paid. Your pickup code: <strong className="font-mono text-lg tracking-widest">{reservation.pickup_code}</strong>
      </p>
    );
  }
  if (reservation?.status === 'collected') return <p className="text-sm text-gray-800">Collected. Enjoy it!</p>;
  if (reservation && reservation.status !== 'pending') return <p className="text-sm text-gray-800">The reservation has ended.</p>;
  return (
    <LinkButton to="/my-reservations" size="sm" variant="success">
      Pay {offerPrice(offer)} in My Reservations
    </LinkButton>
  );
}

/** One offer with what the caller can do about it; the same card on the Offers screen and in a conversation. */
export function OfferCard({ offer, role, reservation }: { offer: Offer; role: 'buyer' | 'host'; reservation?: MyReservation }) {
  const status = offerStatusLabel(offer.status, role);
  return (
    <article aria-label={`Offer on ${offer.item.title}`} className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-gray-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-gray-900">
            <Link to={`/items/${offer.itemId}`} className="hover:underline">
              {offer.item.title}
            </Link>
          </h3>
          {offer.saleTitle && <p className="text-sm text-gray-700">{offer.saleTitle}</p>}
        </div>
        <Badge tone={status.tone}>{status.text}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-700">Price</dt>
        <dd className="text-gray-900">{formatPrice(offer.item.price)}</dd>
        <dt className="text-gray-700">{role === 'buyer' ? 'You offered' : 'Offered'}</dt>
        <dd className="font-semibold text-gray-900">{formatPrice(offer.amount)}</dd>
        {offer.counterAmount !== null && (
          <>
            <dt className="text-gray-700">Counter</dt>
            <dd className="font-semibold text-gray-900">{formatPrice(offer.counterAmount)}</dd>
          </>
        )}
        {(offer.status === 'open' || offer.status === 'countered') && (
          <>
            <dt className="text-gray-700">Expires</dt>
            <dd className="text-gray-900">
              <time dateTime={offer.expiresAt}>
                {new Date(offer.expiresAt).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </dd>
          </>
        )}
      </dl>
      {offer.message && <p className="text-sm text-gray-800">{offer.message}</p>}
      {offer.status === 'accepted' ? (
        <AcceptedNext offer={offer} role={role} reservation={reservation} />
      ) : (
        <OfferActions offer={offer} role={role} />
      )}
      <p className="text-xs text-gray-700">
        <time dateTime={offer.updatedAt}>{formatWhen(offer.updatedAt)}</time>
      </p>
    </article>
  );
}
