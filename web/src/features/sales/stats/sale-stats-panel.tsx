import type { Sale } from '@garage/contracts';
import { QueryStatus } from '@/components/ui/query-status';
import { useSale } from '../api/get-sale';
import { useSaleStats } from '../api/get-sale-stats';
import { ViewsByDayChart } from './views-by-day-chart';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md bg-gray-50 p-3">
      <dt className="text-xs font-medium text-gray-700">{label}</dt>
      <dd className="text-2xl font-semibold text-gray-900">{value}</dd>
    </div>
  );
}

/** What the listing did, on the host's own sale page: the counts, views per day, and each item's views. */
export function SaleStatsPanel({ sale }: { sale: Sale }) {
  const stats = useSaleStats(sale.id);
  const detail = useSale(String(sale.id));
  const titles = new Map((detail.data?.items ?? []).map((item) => [item.id, item.title]));

  return (
    <section aria-labelledby="stats-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <h2 id="stats-heading" className="text-lg font-semibold text-gray-900">
        Stats
      </h2>
      <p className="text-sm text-gray-700">What your listing did. Your own visits are not counted.</p>
      {!stats.isSuccess ? (
        <QueryStatus query={stats} loading="Loading stats..." error="Failed to load stats" className="py-6" />
      ) : (
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <div>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 md:grid-cols-2 lg:grid-cols-4">
              <Figure label="Views" value={stats.data.views} />
              <Figure label="Unique viewers" value={stats.data.uniqueViewers} />
              <Figure label="Saves" value={stats.data.saves} />
              <Figure label="In route plans" value={stats.data.plans} />
              <Figure label="Alert matches" value={stats.data.alertMatches} />
              <Figure label="Reservations" value={stats.data.reservations} />
              <Figure label="Pickups" value={stats.data.pickups} />
              <Figure label="Still going?" value={stats.data.checkIns.going + stats.data.checkIns.notGoing} />
            </dl>
            <p className="mt-2 text-sm text-gray-700">
              “Still going?”: {stats.data.checkIns.going} yes, {stats.data.checkIns.notGoing} no
            </p>
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-gray-900">Views per day</h3>
            <ViewsByDayChart byDay={stats.data.byDay} />
          </div>
          {stats.data.items.length > 0 && (
            <div className="md:col-span-2">
              <h3 className="mb-2 text-sm font-semibold text-gray-900">Views of each item</h3>
              <ul className="divide-y divide-gray-100 text-sm">
                {stats.data.items.map((item) => (
                  <li key={item.itemId} className="flex justify-between gap-4 py-1.5">
                    <span className="truncate text-gray-800">{titles.get(item.itemId) ?? `Item ${item.itemId}`}</span>
                    <span className="shrink-0 font-medium text-gray-900">{item.views}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
