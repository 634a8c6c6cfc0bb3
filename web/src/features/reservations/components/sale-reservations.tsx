import { useState, type FormEvent } from 'react';
import type { HostedReservation } from '@garage/contracts';
import { errorMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
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

/** The host's list for one sale: who comes for what; the shopper's pickup code marks it collected. */
export function SaleReservations({ saleId }: { saleId: number }) {
  const reservations = useSaleReservations(saleId);
  if (reservations.isPending) return <Spinner className="py-16" />;
  if (reservations.isError) return <Alert tone="error" title="Failed to load the reservations of this sale" />;
  if (reservations.data.length === 0)
    return <EmptyState title="No reservations yet">Premium shoppers who reserve and pay for your items show up here.</EmptyState>;
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <thead className="bg-gray-50 text-left text-gray-700">
          <tr>
            <th scope="col" className="px-4 py-2">
              Item
            </th>
            <th scope="col" className="px-4 py-2">
              Shopper
            </th>
            <th scope="col" className="px-4 py-2">
              Amount
            </th>
            <th scope="col" className="px-4 py-2">
              Status
            </th>
            <th scope="col" className="px-4 py-2">
              Pickup
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {reservations.data.map((reservation) => (
            <ReservationRow key={reservation.id} reservation={reservation} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReservationRow({ reservation }: { reservation: HostedReservation }) {
  const collect = useCollectReservation();
  const [code, setCode] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) collect.mutate({ id: reservation.id, pickupCode: code.trim() });
  };
  const shopper = fullName(reservation.shopper_first_name, reservation.shopper_last_name) || 'A shopper';
  return (
    <tr>
      <td className="px-4 py-2 font-medium text-gray-900">{reservation.item_title}</td>
      <td className="px-4 py-2">{shopper}</td>
      <td className="px-4 py-2">{formatCents(reservation.amount_cents)}</td>
      <td className="px-4 py-2">
        <ReservationStatusBadge status={reservation.status} />
      </td>
      <td className="px-4 py-2">
        {reservation.status === 'paid' ? (
          <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-2" aria-label={`Collect ${reservation.item_title}`}>
            <label className="sr-only" htmlFor={`code-${reservation.id}`}>
              Pickup code for {reservation.item_title}
            </label>
            <input
              id={`code-${reservation.id}`}
              className="w-28 rounded-md border border-gray-300 px-2 py-1 font-mono uppercase"
              autoComplete="off"
              maxLength={12}
              placeholder="Code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" size="sm" variant="success" disabled={collect.isPending}>
              Collected
            </Button>
            {collect.isError && (
              <span role="alert" className="text-red-700">
                {errorMessage(collect.error, 'Could not mark it collected.')}
              </span>
            )}
          </form>
        ) : reservation.status === 'collected' ? (
          'Handed over'
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
