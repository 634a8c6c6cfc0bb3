import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MyReservation } from '@garage/contracts';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { usePaymentsConfig } from '@/lib/payments-config';
import { formatClockTime, formatDateRange, formatTimeRange } from '@/lib/format';
import { Alert } from '@/components/ui/alert';
import { Button, LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStatus } from '@/components/ui/query-status';
import { Spinner } from '@/components/ui/spinner';
import { useCancelReservation, useMyReservations, usePayReservation, useRateReservation } from '../api/reservations';
import { formatCents, ReservationStatusBadge } from './reservation-status';

const StripeCardStep = lazy(() => import('@/components/payments/stripe-card-step'));

/** A slot under an open reservation's sale (the route puts the sale's calendar file there). */
type SaleActions = (saleId: number) => ReactNode;

/** My reservations: what the shopper holds, pays, picks up (with the code) and rates. */
export function MyReservations({ renderSaleActions }: { renderSaleActions?: SaleActions }) {
  const user = useUser();
  const reservations = useMyReservations();
  if (!reservations.isSuccess) return <QueryStatus query={reservations} error="Failed to load your reservations" className="py-16" />;
  const premiumNote = !user?.isPremium && <PremiumNote />;
  if (reservations.data.length === 0)
    return (
      premiumNote || (
        <EmptyState title="No reservations yet">
          Reserve an item from <Link to="/search">search</Link>, pay for it, and pick it up at the sale with your pickup code.
        </EmptyState>
      )
    );
  return (
    <>
      {premiumNote}
      <ul className={cn('space-y-4', premiumNote && 'mt-6')} aria-label="Your reservations">
        {reservations.data.map((reservation) => (
          <li key={reservation.id}>
            <ReservationCard reservation={reservation} renderSaleActions={renderSaleActions} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** Reserving is for Premium members: a free member is told so here, with the way to upgrade. */
function PremiumNote() {
  return (
    <section aria-labelledby="premium-note" className="rounded-lg bg-purple-50 p-5 ring-1 ring-purple-200">
      <h2 id="premium-note" className="text-lg font-semibold text-purple-900">
        Reserving items is a Premium feature
      </h2>
      <p className="mt-1 text-sm text-purple-900">
        Premium members reserve an item before the sale, pay for it here and pick it up with a code: no early line at the driveway.
      </p>
      <LinkButton to="/subscribe" variant="premium" className="mt-3">
        Upgrade to Premium
      </LinkButton>
    </section>
  );
}

/**
 * Paying a held reservation. With Stripe, the card is charged in Stripe Elements first and the
 * server then checks the intent (`POST …/pay`); with the simulated provider the server confirms it.
 */
function PayStep({ reservation, paying, onPay }: { reservation: MyReservation; paying: boolean; onPay: () => void }) {
  const config = usePaymentsConfig({ enabled: true });
  const [cardError, setCardError] = useState<string | null>(null);
  const amount = formatCents(reservation.amount_cents);
  if (config.isPending) return <Spinner className="py-2" />;
  if (config.data?.provider === 'stripe' && config.data.publishableKey && reservation.clientSecret) {
    return (
      <div className="max-w-md space-y-2">
        <Suspense fallback={<Spinner className="py-2" />}>
          <StripeCardStep
            publishableKey={config.data.publishableKey}
            clientSecret={reservation.clientSecret}
            amountLabel={amount}
            onPaid={onPay}
            onFailed={(message) => setCardError(message || 'Payment failed. Try again.')}
          />
        </Suspense>
        {cardError && <Alert tone="error">{cardError}</Alert>}
      </div>
    );
  }
  return (
    <Button variant="success" disabled={paying} onClick={onPay}>
      {paying ? 'Paying...' : `Pay ${amount}`}
    </Button>
  );
}

function ReservationCard({ reservation, renderSaleActions }: { reservation: MyReservation; renderSaleActions?: SaleActions }) {
  const pay = usePayReservation();
  const cancel = useCancelReservation();
  const { sale } = reservation;
  const open = reservation.status === 'pending' || reservation.status === 'paid';
  const titleId = `reservation-${reservation.id}-title`;
  return (
    <article aria-labelledby={titleId} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <div className="flex items-start gap-3">
        {/* Shown here, the photo is also what the service worker keeps for the road (with the list). */}
        {reservation.item.image_urls[0] && (
          <img src={reservation.item.image_urls[0]} alt="" className="h-16 w-16 shrink-0 rounded-md bg-gray-100 object-cover" />
        )}
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            <Link to={`/items/${reservation.item.id}`} className="hover:underline">
              {reservation.item.title}
            </Link>
          </h2>
          <p className="text-sm text-gray-700">{formatCents(reservation.amount_cents)}</p>
          <div className="mt-1">
            <ReservationStatusBadge status={reservation.status} />
          </div>
        </div>
      </div>

      {sale && (
        <div className="mt-3 text-sm text-gray-800">
          <Link to={`/sales/${sale.id}`} className="font-medium text-blue-700 hover:underline">
            {sale.title}
          </Link>
          <p>{[sale.address, sale.city, sale.state].filter(Boolean).join(', ')}</p>
          <p>
            {formatDateRange(sale.start_date, sale.end_date)} · {formatTimeRange(sale.start_time, sale.end_time)}
          </p>
          {open && renderSaleActions && <div className="mt-2">{renderSaleActions(sale.id)}</div>}
        </div>
      )}

      {reservation.status === 'pending' && (
        <div className="mt-4 space-y-2">
          <p className="text-sm text-gray-700">
            Held for you until {formatClockTime(reservation.expiresAt)}. Pay now to get your pickup code.
          </p>
          <PayStep reservation={reservation} paying={pay.isPending} onPay={() => pay.mutate(reservation.id)} />
          {pay.isError && <Alert tone="error">{errorMessage(pay.error, 'Payment failed. Try again.')}</Alert>}
        </div>
      )}

      {(reservation.status === 'paid' || reservation.status === 'collected') && reservation.pickup_code && (
        <p className="mt-4 rounded-md bg-green-50 p-3 text-sm text-gray-800 ring-1 ring-green-200">
          Pickup code:{' '}
          <strong
            className="font-mono text-3xl tracking-widest text-gray-900"
            aria-label={`Pickup code ${reservation.pickup_code.split('').join(' ')}`}
          >
            {reservation.pickup_code}
          </strong>
          {reservation.status === 'paid' && <span className="block text-gray-600">Show it to the host when you collect the item.</span>}
        </p>
      )}

      {open && (
        <div className="mt-3">
          <Button variant="ghost" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate(reservation.id)}>
            Cancel reservation
          </Button>
          {cancel.isError && <Alert tone="error">{errorMessage(cancel.error, 'Could not cancel the reservation.')}</Alert>}
        </div>
      )}

      {reservation.status === 'collected' && !reservation.rated && <RatingForm reservationId={reservation.id} />}
      {reservation.status === 'collected' && reservation.rated && <p className="mt-3 text-sm text-gray-700">Thanks for rating the host.</p>}
    </article>
  );
}

/** After a pickup: 1 to 5 stars for the host and an optional short review, once. */
export function RatingForm({ reservationId }: { reservationId: number }) {
  const rate = useRateReservation();
  const [stars, setStars] = useState(0);
  const [review, setReview] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (stars < 1) return;
    rate.mutate({ id: reservationId, rating: { stars, review: review.trim() || null } });
  };
  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-2" aria-label="Rate the host">
      <fieldset>
        <legend className="text-sm font-medium text-gray-900">Rate the host</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="cursor-pointer">
              <input
                type="radio"
                name={`stars-${reservationId}`}
                value={value}
                className="sr-only"
                aria-label={value === 1 ? '1 star' : `${value} stars`}
                checked={stars === value}
                onChange={() => setStars(value)}
              />
              <span aria-hidden="true" className={value <= stars ? 'text-2xl text-amber-500' : 'text-2xl text-gray-300'}>
                ★
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="block text-sm text-gray-800">
        Review (optional)
        <textarea
          className="mt-1 block w-full rounded-md border border-gray-300 p-2"
          maxLength={500}
          rows={2}
          value={review}
          onChange={(event) => setReview(event.target.value)}
        />
      </label>
      <Button type="submit" size="sm" disabled={stars < 1 || rate.isPending}>
        Submit rating
      </Button>
      {rate.isError && <Alert tone="error">{errorMessage(rate.error, 'Could not save your rating.')}</Alert>}
    </form>
  );
}
