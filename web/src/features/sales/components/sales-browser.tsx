import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { PREMIUM_RADIUS_CHOICES, RADIUS_CHOICES } from '@garage/contracts/constants';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { pluralize } from '@/lib/format';
import { useGeolocation } from '@/hooks/use-geolocation';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { TryAgainButton } from '@/components/ui/query-status';
import { Spinner } from '@/components/ui/spinner';
import { useNearestSales, useSales } from '../api/get-sales';
import { useSaleFilters } from '../hooks/use-sale-filters';
import { saleFilterErrors } from '../utils/filter-window';
import { SaleFilters } from './sale-filters';
import { SaleCard, type SaleActionsRenderer } from './sale-summary';
import { SalesMapView } from './sales-map-view';
import { Tag } from 'lucide-react';

type View = 'map' | 'list';

interface SalesBrowserProps {
  /** What each sale's card and map popup offer besides "View Sale" (e.g. a heart, "Add to plan"). */
  renderSaleActions?: SaleActionsRenderer;
}

export function SalesBrowser({ renderSaleActions }: SalesBrowserProps) {
  const user = useUser();
  const isPremium = Boolean(user?.isPremium);
  const radiusChoices = isPremium ? PREMIUM_RADIUS_CHOICES : RADIUS_CHOICES;
  const [filters, setFilters, clearFilters] = useSaleFilters(radiusChoices);
  const geo = useGeolocation();
  const [view, setView] = useState<View>('map');

  const filterErrors = saleFilterErrors(filters);
  const windowValid = Object.keys(filterErrors).length === 0;

  // Sales are fetched once the location question is settled, so the list does not load twice.
  // Their arrival renders in the background, a few milliseconds at a time, as on an item's page.
  const sales = useDeferredValue(useSales({ ...filters, ...(geo.position ?? {}) }, { enabled: !geo.loading && windowValid }));
  const list = sales.data ?? [];
  const loading = windowValid && (geo.loading || sales.isPending);
  // No dead end: with nothing within the radius of a known place, the nearest sales further out.
  const nearest = useNearestSales(filters, geo.position, { enabled: windowValid && !loading && list.length === 0 && !sales.isFetching });

  return (
    <div className="space-y-5">
      <SaleFilters
        filters={filters}
        radiusChoices={radiusChoices}
        onChange={setFilters}
        onClear={clearFilters}
        isPremium={isPremium}
        located={geo.loading || geo.position !== null}
        errors={filterErrors}
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-gray-800" aria-live="polite">
          {!windowValid
            ? 'Correct the filters to see sales'
            : loading
              ? 'Loading garage sales...'
              : `${pluralize(list.length, 'garage sale')} found`}
        </p>
        <div role="group" aria-label="View" className="inline-flex rounded-md shadow-sm">
          {(['map', 'list'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={cn(
                'border border-gray-300 px-4 py-2 text-sm font-medium first:rounded-l-md last:rounded-r-md',
                view === option ? 'border-blue-700 bg-blue-700 text-white' : 'bg-white text-gray-800 hover:bg-gray-100',
              )}
            >
              {option === 'map' ? 'Map View' : 'List View'}
            </button>
          ))}
        </div>
      </div>

      {/* Location notices sit below the filters and the count, where the results appear: when
          the browser answers, nothing above them moves (no layout shift). */}
      {geo.error && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <div>
            <p className="font-semibold">{geo.error}</p>
            <p className="mt-1">Showing upcoming sales everywhere instead of nearby ones.</p>
          </div>
          <TryAgainButton onClick={geo.retry} />
        </div>
      )}
      {geo.position && <Alert tone="success">Showing garage sales within {filters.radius} miles of your location.</Alert>}

      {!windowValid ? (
        <EmptyState title="Check the dates and times">
          <p>The end of the window must come after its start.</p>
        </EmptyState>
      ) : loading ? (
        // A new spinner once the location is known (keyed): the notice above it appears in its
        // place instead of pushing the old one down (a layout shift).
        <Spinner
          key={geo.loading ? 'locating' : 'loading'}
          label={geo.loading ? 'Finding your location...' : 'Loading garage sales...'}
          className="py-16"
        />
      ) : list.length === 0 ? (
        <>
          <EmptyState title="No garage sales found" icon={<Tag />}>
            <p>
              Try widening the radius or changing the dates, or{' '}
              <Link to="/create-sale" className="font-semibold text-blue-700 underline">
                create a garage sale
              </Link>{' '}
              of your own.
            </p>
          </EmptyState>
          {nearest.data && nearest.data.length > 0 && (
            <section aria-labelledby="nearest-sales-heading" className="space-y-3">
              <h2 id="nearest-sales-heading" className="text-lg font-semibold text-gray-900">
                Nearest garage sales beyond {filters.radius} miles
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {nearest.data.map((sale) => (
                  <li key={sale.id}>
                    <SaleCard sale={sale} actions={renderSaleActions?.(sale, 'card')} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      ) : view === 'map' ? (
        <SalesMapView sales={list} position={geo.position} renderSaleActions={renderSaleActions} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((sale) => (
            <li key={sale.id}>
              <SaleCard sale={sale} actions={renderSaleActions?.(sale, 'card')} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
