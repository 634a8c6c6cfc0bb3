import { Link } from 'react-router-dom';
import { formatDateRange, formatTimeRange, pluralize } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import type { Entry } from '../api/community-sales';

/**
 * The numbered sales: number, title, street (members; a visitor's answer has no address, so the
 * town stands in), hours, its items' categories and how many items. The number is the one on the
 * map and on the printout.
 */
export function NumberedList({ entries, total, days }: { entries: readonly Entry[]; total: number; days: readonly { date: string }[] }) {
  // The community sale's dates go without saying; a sale open on other dates says so.
  const first = days[0]?.date;
  const last = days[days.length - 1]?.date;
  if (entries.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-gray-300 bg-white p-4 text-sm text-gray-700">
        {total === 0 ? 'No sales have joined yet.' : 'No sale matches these filters.'}
      </p>
    );
  }
  return (
    <ol aria-label="Numbered sales" className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
      {entries.map(({ number, sale, categories }) => (
        <li key={sale.id} className="flex gap-3 p-3">
          <span
            aria-hidden="true"
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white"
          >
            {number}
          </span>
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold text-gray-900">
              <span className="sr-only">{number}. </span>
              <Link to={`/sales/${sale.id}`} className="hover:underline">
                {sale.title}
              </Link>
            </p>
            <p className="text-gray-800">{sale.address ? `${sale.address}, ${sale.city}` : `${sale.city}, ${sale.state}`}</p>
            <p className="text-gray-700">
              {sale.start_date === first && sale.end_date === last ? '' : `${formatDateRange(sale.start_date, sale.end_date, 'short')} · `}
              {formatTimeRange(sale.start_time, sale.end_time)}
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-1.5">
              {categories.map((category) => (
                <Badge key={category} tone="blue">
                  {category}
                </Badge>
              ))}
              <span className="text-xs text-gray-700">{pluralize(sale.item_count, 'item')}</span>
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
