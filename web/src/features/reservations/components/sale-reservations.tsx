import { useState, type FormEvent } from 'react';
import { PICKUP_CODE_ALPHABET, PICKUP_CODE_LENGTH, type HostedReservation } from '@garage/contracts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStatus } from '@/components/ui/query-status';
import { useCollectReservation, usePayoutOnboarding, useSaleReservations } from '../api/reservations';
import { formatCents, ReservationStatusBadge } from './reservation-status';

/** Payouts of collected reservations go to the host's payout account, set up at the provider. */
export function PayoutSetup() {
  const onboarding = usePayoutOnboarding();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        size="sm"
        disabled={onboarding.isPending}
        onClick={() => onboarding.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
      >
        Set up payouts
      </Button>
      {onboarding.isError && <span role="alert">{errorMessage(onboarding.error, 'Payouts cannot be set up right now.')}</span>}
    </div>
  );
}

/** The first photo of each of the sale's items, by item id (the host's list names items only). */
export type ItemPhotos = ReadonlyMap<number, string | undefined>;

/**
 * The host's pickup desk for one sale, made for a phone held in one hand at the driveway: a card
 * per reservation (photo, shopper, amount, status) and, while it is paid, a large code field and
 * the "Collected" button right under it.
 */
export function SaleReservations({ saleId, photos }: { saleId: number; photos?: ItemPhotos }) {
  const reservations = useSaleReservations(saleId);
  if (!reservations.isSuccess)
    return <QueryStatus query={reservations} error="Failed to load the reservations of this sale" className="py-16" />;
  if (reservations.data.length === 0)
    return <EmptyState title="No reservations yet">Premium shoppers who reserve and pay for your items show up here.</EmptyState>;
  // Those to hand over first, then the rest as they came.
  const ordered = [...reservations.data].sort((a, b) => Number(b.status === 'paid') - Number(a.status === 'paid'));
  return (
    <ul aria-label="Reservations" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {ordered.map((reservation) => (
        <li key={reservation.id} className="min-w-0">
          <ReservationCard reservation={reservation} photo={photos?.get(reservation.item_id)} />
        </li>
      ))}
    </ul>
  );
}

/** Only the code's own characters are kept as they are typed (no 0/O, 1/I/L look-alikes to mistype). */
const NOT_IN_CODE = new RegExp(`[^${PICKUP_CODE_ALPHABET}]`, 'g');

function collectErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429)
    return error.serverMessage ?? 'Too many wrong codes for this reservation. Wait a few minutes, then try again.';
  return errorMessage(error, 'Could not mark it collected.');
}

function ReservationCard({ reservation, photo }: { reservation: HostedReservation; photo: string | undefined }) {
  const collect = useCollectReservation();
  const [code, setCode] = useState('');
  const shopper = fullName(reservation.shopper_first_name, reservation.shopper_last_name) || 'A shopper';
  const titleId = `reservation-${reservation.id}-title`;
  const codeId = `code-${reservation.id}`;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code) collect.mutate({ id: reservation.id, pickupCode: code });
  };
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <div className="flex gap-3">
        <div className="h-20 w-20 shrink-0 overflow-hidden rounded-md bg-gray-100">
          {photo ? (
            <img src={photo} alt="" className="h-full w-full object-cover" />
          ) : (
            <div className="flex h-full items-center justify-center text-xs text-gray-600">No photo</div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="break-words font-semibold text-gray-900">
            {reservation.item_title}
          </h2>
          <p className="text-sm text-gray-800">{shopper}</p>
          <p className="text-sm font-semibold text-gray-900">{formatCents(reservation.amount_cents)}</p>
          <div className="mt-1">
            <ReservationStatusBadge status={reservation.status} />
          </div>
        </div>
      </div>
      {reservation.status === 'paid' && (
        <form onSubmit={onSubmit} className="mt-4 space-y-2" aria-label={`Collect ${reservation.item_title}`}>
          <label htmlFor={codeId} className="block text-sm font-medium text-gray-900">
            Pickup code from {shopper}
          </label>
          {/* Letters and digits: the on-screen keyboard opens on capitals, without autocorrect. */}
          <input
            id={codeId}
            className="block w-full rounded-md border border-gray-400 px-3 py-3 text-center font-mono text-3xl uppercase tracking-[0.3em] text-gray-900"
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="done"
            maxLength={PICKUP_CODE_LENGTH}
            placeholder={'•'.repeat(PICKUP_CODE_LENGTH)}
            aria-describedby={collect.isError ? `${codeId}-error` : undefined}
            value={code}
            onChange={(event) => setCode(event.target.value.toUpperCase().replace(NOT_IN_CODE, ''))}
          />
          <Button type="submit" size="lg" variant="success" className="w-full" disabled={collect.isPending || code.length === 0}>
            {collect.isPending ? 'Checking...' : 'Collected'}
          </Button>
          {collect.isError && (
            <Alert tone="error" className="mt-2">
              <span id={`${codeId}-error`}>{collectErrorMessage(collect.error)}</span>
            </Alert>
          )}
        </form>
      )}
      {reservation.status === 'collected' && <p className="mt-3 text-sm font-medium text-green-800">Handed over</p>}
      {reservation.status === 'pending' && <p className="mt-3 text-sm text-gray-700">Not paid yet: no pickup code until it is.</p>}
    </article>
  );
}
