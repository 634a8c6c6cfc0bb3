import { Link } from 'react-router-dom';
import { formatDateRange, formatTimeRange, pluralize } from '@/lib/format';
import { SaleStatusBadge } from '@/components/sale-status-badge';
import { LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStatus } from '@/components/ui/query-status';
import { useMySales } from '../api/get-my-sales';
import { salePlace } from '../utils/sale-place';
import { Tag } from 'lucide-react';

export function MySalesList() {
  const sales = useMySales();

  if (!sales.isSuccess)
    return <QueryStatus query={sales} loading="Loading your sales..." error="Failed to load your sales" className="py-24" />;
  if (sales.data.length === 0) {
    return (
      <EmptyState title="No garage sales yet" icon={<Tag />}>
        <p>Host your first garage sale and reach shoppers nearby.</p>
        <p className="mt-4">
          <LinkButton to="/create-sale">Host a Garage Sale</LinkButton>
        </p>
      </EmptyState>
    );
  }

  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {sales.data.map((sale) => (
        <li key={sale.id}>
          <article className="flex h-full flex-col rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
            <div className="flex items-start justify-between gap-3">
              <h2 className="text-lg font-semibold text-gray-900">
                <Link to={`/sales/${sale.id}`} className="hover:underline">
                  {sale.title}
                </Link>
              </h2>
              <SaleStatusBadge status={sale.status} />
            </div>
            <p className="mt-1 text-sm text-gray-700">{salePlace(sale)}</p>
            <p className="mt-2 text-sm text-gray-800">
              {formatDateRange(sale.start_date, sale.end_date, 'short')} · {formatTimeRange(sale.start_time, sale.end_time)}
            </p>
            <p className="text-sm text-gray-800">{pluralize(sale.item_count, 'item')}</p>
            <div className="mt-auto flex flex-wrap gap-2 pt-4">
              <LinkButton to={`/sales/${sale.id}`} variant="secondary" size="sm" aria-label={`View ${sale.title}`}>
                View
              </LinkButton>
              <LinkButton to={`/sales/${sale.id}/edit`} variant="secondary" size="sm" aria-label={`Edit ${sale.title}`}>
                Edit
              </LinkButton>
              <LinkButton to={`/sales/${sale.id}/add-item`} variant="success" size="sm" aria-label={`Add Item to ${sale.title}`}>
                Add Item
              </LinkButton>
              <LinkButton to={`/sales/${sale.id}/reservations`} variant="secondary" size="sm" aria-label={`Reservations of ${sale.title}`}>
                Reservations
              </LinkButton>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
