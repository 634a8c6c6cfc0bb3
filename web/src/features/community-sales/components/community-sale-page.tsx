import { useMemo, useState, type ReactNode } from 'react';
import { CalendarDays, MapPin, Store } from 'lucide-react';
import { CATEGORIES } from '@garage/contracts/constants';
import type { CommunitySale, Sale } from '@garage/contracts';
import { isNotFound } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { formatDate, pluralize } from '@/lib/format';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStatus } from '@/components/ui/query-status';
import { useCommunitySale, useCommunitySaleItemSearch, useEntries, type Entry } from '../api/community-sales';
import { areaView } from '../utils/area-view';
import { describeArea, describeDay } from '../utils/describe';
import { categoriesOf, filterEntries, NO_FILTERS, parseNumbers, planFilters, type EntryFilters } from '../utils/filters';
import { CommunitySaleActions } from './community-sale-actions';
import { EntryFiltersPanel } from './entry-filters';
import { NumberedList } from './numbered-list';
import { OrganizerPanel } from './organizer-panel';
import { ScopedSearch } from './scoped-search';

export type PlacedSale = Sale & { latitude: number; longitude: number };

export interface MapSlot {
  sales: PlacedSale[];
  view: ReturnType<typeof areaView>;
  numberOf: (sale: { id: number }) => number | null;
}

export interface PlanSlot {
  communitySale: CommunitySale;
  /** The contract's `filters` for what the list shows; null for all its sales. */
  filters: ReturnType<typeof planFilters>;
  /** How many sales the plan would be made from. */
  count: number;
}

interface CommunitySalePageProps {
  communitySaleId: string;
  /** The map with its numbered pins (the sales feature's map). */
  renderMap: (slot: MapSlot) => ReactNode;
  /** "Plan my route" from the sales the list shows (the route planner's). */
  renderPlan: (slot: PlanSlot) => ReactNode;
}

const placed = (sale: Sale): sale is PlacedSale => sale.latitude !== null && sale.longitude !== null;

/**
 * /community-sales/{id}: one area's sale day. The numbered list and map, filters that narrow both
 * (categories, numbers, "has items matching …" from the scoped search) and the plan made from the
 * same filters; Follow and the printout; the organiser's panel for the organiser.
 */
export function CommunitySalePage({ communitySaleId, renderMap, renderPlan }: CommunitySalePageProps) {
  const user = useUser();
  const query = useCommunitySale(communitySaleId);
  const entriesQuery = useEntries(communitySaleId);
  const [filters, setFilters] = useState<EntryFilters>(NO_FILTERS);
  const [searched, setSearched] = useState('');
  const search = useCommunitySaleItemSearch(communitySaleId, searched);
  const entries = useMemo(() => entriesQuery.data ?? [], [entriesQuery.data]);
  const matchingSaleIds = useMemo(
    () => (search.data && !search.isPlaceholderData ? new Set(search.data.map((item) => item.garage_sale_id ?? -1)) : undefined),
    [search.data, search.isPlaceholderData],
  );

  if (!query.isSuccess) {
    if (query.isError && isNotFound(query.error)) {
      return (
        <EmptyState title="Community Sale Not Found" asPageHeading icon={<Store />}>
          <p>It may have been removed, or the link is wrong.</p>
        </EmptyState>
      );
    }
    return <QueryStatus query={query} loading="Loading community sale..." error="Failed to load community sale" className="py-24" />;
  }
  const communitySale = query.data;
  const isOrganizer = user?.id === communitySale.organizerId;
  const numbered = entries.filter((entry) => entry.number !== null);
  const shown = filterEntries(numbered, filters, matchingSaleIds);
  const numbersError = parseNumbers(filters.numbers) === null ? 'Numbers like 3, 7 or 12-20' : undefined;
  const numberOf = new Map(numbered.map((entry) => [entry.sale.id, entry.number!]));
  const mapSales = shown.map((entry) => entry.sale).filter(placed);
  const known = categoriesOf(numbered, CATEGORIES);
  const mine = entries.filter((entry: Entry) => entry.status === 'pending' && entry.sale.user_id === user?.id);

  return (
    <article className="space-y-6">
      <title>{`${communitySale.name} | Garage`}</title>
      <header className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
        {communitySale.coverImageUrl && <img src={communitySale.coverImageUrl} alt="" className="h-40 w-full object-cover sm:h-56" />}
        <div className="space-y-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="purple">Community sale</Badge>
            {communitySale.status === 'cancelled' && <Badge tone="red">Cancelled</Badge>}
          </div>
          <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{communitySale.name}</h1>
          <ul className="space-y-1 text-sm text-gray-800">
            {communitySale.days.map((day) => (
              <li key={day.date} className="flex items-center gap-2">
                <CalendarDays aria-hidden className="h-4 w-4 shrink-0 text-gray-600" />
                {describeDay(day)}
              </li>
            ))}
            {communitySale.rainDate && <li className="pl-6 text-gray-700">Rain date: {formatDate(communitySale.rainDate)}</li>}
            <li className="flex items-center gap-2">
              <MapPin aria-hidden className="h-4 w-4 shrink-0 text-gray-600" />
              {describeArea(communitySale)} · {pluralize(communitySale.saleCount, 'sale')}
            </li>
          </ul>
          {communitySale.description && <p className="whitespace-pre-line text-gray-800">{communitySale.description}</p>}
          <CommunitySaleActions communitySale={communitySale} />
        </div>
      </header>

      {communitySale.status === 'cancelled' && (
        <Alert tone="warning" title="This community sale is cancelled">
          Its sales may still go ahead on their own: check each sale’s page.
        </Alert>
      )}
      {mine.map((entry) => (
        <Alert key={entry.sale.id} tone="info">
          Your sale {entry.sale.title} is waiting for the organiser’s approval.
        </Alert>
      ))}
      {isOrganizer && entriesQuery.isSuccess && <OrganizerPanel communitySale={communitySale} entries={entries} />}

      {!entriesQuery.isSuccess ? (
        <QueryStatus query={entriesQuery} loading="Loading its sales..." error="Failed to load its sales" className="py-12" />
      ) : (
        // A phone reads down: the map, then what chooses sales and plans the route, then the list
        // (hundreds long); a desktop keeps the controls beside the map and list.
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="lg:col-start-1">
            {renderMap({ sales: mapSales, view: areaView(communitySale, mapSales), numberOf: (sale) => numberOf.get(sale.id) ?? null })}
          </div>
          <div className="space-y-6 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
            <div className="space-y-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
              <EntryFiltersPanel
                filters={filters}
                onChange={setFilters}
                categories={known.length > 0 ? known : CATEGORIES}
                numbersError={numbersError}
                shown={shown.length}
                total={numbered.length}
              />
              <ScopedSearch
                submitted={searched}
                onSearch={(q) => {
                  setSearched(q);
                  setFilters((current) => ({ ...current, q: current.q !== '' && q !== '' ? q : '' }));
                }}
                results={search}
                numberOf={numberOf}
                narrowed={filters.q !== ''}
                onNarrow={(narrow) => setFilters((current) => ({ ...current, q: narrow ? searched : '' }))}
              />
            </div>
            {communitySale.status === 'scheduled' &&
              numbered.length > 0 &&
              renderPlan({ communitySale, filters: planFilters(filters), count: numbersError ? 0 : shown.length })}
          </div>
          <section aria-labelledby="list-heading" className="space-y-3 lg:col-start-1">
            <h2 id="list-heading" className="text-lg font-semibold text-gray-900">
              The sales, by number
            </h2>
            <NumberedList entries={shown} total={numbered.length} days={communitySale.days} />
          </section>
        </div>
      )}
    </article>
  );
}
