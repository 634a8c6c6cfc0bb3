import { useSearchParams } from 'react-router-dom';
import type { OfferRole } from '@garage/contracts';
import { cn } from '@/lib/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStatus } from '@/components/ui/query-status';
import { useMyReservationsForOffers, useOffers } from '../api/offers';
import { OfferCard } from './offer-card';

const TABS: Array<{ role: OfferRole; label: string; empty: string }> = [
  { role: 'buyer', label: 'Offers you made', empty: 'Make an offer from an item’s page: the seller answers here.' },
  { role: 'host', label: 'Offers on your items', empty: 'Offers shoppers make on your items show here for you to answer.' },
];

/** The caller's offers, as a shopper and as a host, a tab each (`?tab=host`); the live stream keeps them current. */
export function OffersPage() {
  const [params, setParams] = useSearchParams();
  const role: OfferRole = params.get('tab') === 'host' ? 'host' : 'buyer';
  const offers = useOffers(role);
  const reservations = useMyReservationsForOffers(role === 'buyer' && (offers.data ?? []).some((offer) => offer.reservationId !== null));
  const tab = TABS.find((entry) => entry.role === role)!;
  return (
    <div>
      <div role="tablist" aria-label="Offers" className="mb-4 grid grid-cols-2 gap-1 rounded-lg bg-gray-100 p-1">
        {TABS.map((entry) => (
          <button
            key={entry.role}
            type="button"
            role="tab"
            id={`offers-tab-${entry.role}`}
            aria-selected={entry.role === role}
            aria-controls="offers-panel"
            onClick={() => setParams(entry.role === 'host' ? { tab: 'host' } : {}, { replace: true })}
            className={cn(
              'min-h-11 rounded-md px-3 py-2 text-sm font-semibold',
              entry.role === role ? 'bg-white text-gray-900 shadow' : 'text-gray-700 hover:text-gray-900',
            )}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="offers-panel" aria-labelledby={`offers-tab-${role}`}>
        {!offers.isSuccess ? (
          <QueryStatus query={offers} loading="Loading offers..." error="Your offers could not be loaded" />
        ) : offers.data.length === 0 ? (
          <EmptyState title="No offers yet">{tab.empty}</EmptyState>
        ) : (
          <ul className="space-y-3">
            {offers.data.map((offer) => (
              <li key={offer.id}>
                <OfferCard offer={offer} role={role} reservation={reservations.data?.find((r) => r.id === offer.reservationId)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
