import { useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { conditionLabel } from '@garage/contracts/constants';
import type { Item } from '@garage/contracts';
import { isNotFound } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDateRange, formatPrice, formatRating, formatTimeRange, fullName } from '@/lib/format';
import { itemStatus, type ItemStatus } from '@/lib/item-status';
import { Badge } from '@/components/ui/badge';
import { LiveStateBadge } from '@/components/live-state-badge';
import { LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStatus } from '@/components/ui/query-status';
import { useItem } from '../api/get-item';
import { ItemGallery } from './item-gallery';
import { SearchX } from 'lucide-react';

const banners: Record<Exclude<ItemStatus, 'in_sale'>, { text: string; className: string }> = {
  sold: { text: 'Sold', className: 'bg-red-100 text-red-900 ring-red-300' },
  reserved: { text: 'Reserved', className: 'bg-amber-100 text-amber-900 ring-amber-300' },
  available: { text: 'Available', className: 'bg-green-100 text-green-900 ring-green-300' },
};

function SaleDetailsBox({ sale, signedIn }: { sale: NonNullable<Item['sale']>; signedIn: boolean }) {
  const host = fullName(sale.first_name, sale.last_name);
  return (
    <section aria-labelledby="sale-box" className="rounded-lg bg-blue-50 p-5 ring-1 ring-blue-200">
      <h2 id="sale-box" className="text-lg font-semibold text-gray-900">
        Garage Sale Details
      </h2>
      <p className="mt-2 font-medium text-gray-900">
        <Link to={`/sales/${sale.id}`} className="text-blue-800 hover:underline">
          {sale.title}
        </Link>
      </p>
      <LiveStateBadge sale={sale} className="mt-1" />
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-gray-700">Dates</dt>
        <dd className="text-gray-900">{formatDateRange(sale.start_date, sale.end_date)}</dd>
        <dt className="font-medium text-gray-700">Hours</dt>
        <dd className="text-gray-900">{formatTimeRange(sale.start_time, sale.end_time)}</dd>
        <dt className="font-medium text-gray-700">Location</dt>
        <dd className="text-gray-900">
          {sale.address ? `${sale.address}, ` : ''}
          {sale.city}, {sale.state}
        </dd>
        {host && (
          <>
            <dt className="font-medium text-gray-700">Seller</dt>
            <dd className="text-gray-900">
              {host}
              {sale.rating !== null && ` · ★ ${formatRating(sale.rating)}`}
            </dd>
          </>
        )}
        {sale.phone && (
          <>
            <dt className="font-medium text-gray-700">Phone</dt>
            <dd>
              <a href={`tel:${sale.phone}`} className="text-blue-800 hover:underline">
                {sale.phone}
              </a>
            </dd>
          </>
        )}
      </dl>
      {!signedIn && <p className="mt-3 text-sm text-gray-700">Sign in to see the full address and the seller.</p>}
    </section>
  );
}

interface ItemDetailProps {
  itemId: string;
  /** Between the item's title and the owner's Edit button (e.g. its heart). */
  renderTitleActions?: (item: Item) => ReactNode;
  /** Under the price: the item's call to action (Reserve Item, or Upgrade to Reserve). */
  renderBuyActions?: (item: Item) => ReactNode;
  /** For a signed-in shopper, under the sale's details (e.g. Contact Seller). */
  renderContact?: (item: Item) => ReactNode;
}

export function ItemDetail({ itemId, renderTitleActions, renderBuyActions, renderContact }: ItemDetailProps) {
  const user = useUser();
  // The item's arrival renders in the background, a few milliseconds at a time (see useDeferredValue
  // in docs/decisions.md): the query's own update is synchronous and blocks a phone's main thread.
  const itemQuery = useDeferredValue(useItem(itemId));

  if (itemQuery.isError && isNotFound(itemQuery.error)) {
    return (
      <EmptyState title="Item Not Found" icon={<SearchX />} asPageHeading>
        <title>Item Not Found | Garage</title>
        <p>This item does not exist or has been removed.</p>
        <p className="mt-4">
          <LinkButton to="/sales">Browse Garage Sales</LinkButton>
        </p>
      </EmptyState>
    );
  }
  if (!itemQuery.isSuccess) {
    return (
      <QueryStatus query={itemQuery} loading="Loading item..." error="Failed to load item" className="py-24">
        <title>Item | Garage</title>
      </QueryStatus>
    );
  }

  const item = itemQuery.data;
  const isOwner = user !== null && user.id === item.user_id;
  const status = itemStatus(item, { withSale: false }) as Exclude<ItemStatus, 'in_sale'>;
  const banner = banners[status];
  const saleTitle = item.sale?.title ?? item.sale_title;

  return (
    <div className="space-y-6">
      <title>{`${item.title} | Garage`}</title>
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-gray-700">
          <li>
            <Link to="/sales" className="text-blue-700 hover:underline">
              Sales
            </Link>
          </li>
          {item.garage_sale_id !== null && saleTitle && (
            <li>
              <span aria-hidden="true">/ </span>
              <Link to={`/sales/${item.garage_sale_id}`} className="text-blue-700 hover:underline">
                {saleTitle}
              </Link>
            </li>
          )}
          <li>
            <span aria-hidden="true">/ </span>
            <span aria-current="page">{item.title}</span>
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2">
        <ItemGallery urls={item.image_urls} title={item.title} />

        <div className="space-y-5">
          <div className={cn('rounded-md px-4 py-2 text-center text-sm font-bold uppercase tracking-wide ring-1', banner.className)}>
            {banner.text}
          </div>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h1 className="text-3xl font-bold text-gray-900">{item.title}</h1>
            {renderTitleActions?.(item)}
            {isOwner && (
              <LinkButton to={`/items/${item.id}/edit`} variant="secondary">
                Edit
              </LinkButton>
            )}
          </div>
          <p className="text-3xl font-bold text-green-800">
            {formatPrice(item.price)}
            {item.original_price !== null && item.original_price > item.price && (
              <span className="ml-3 text-xl font-normal text-gray-600 line-through">
                <span className="sr-only">Original price </span>
                {formatPrice(item.original_price)}
              </span>
            )}
          </p>
          {renderBuyActions && <div className="max-w-sm">{renderBuyActions(item)}</div>}
          <div className="flex flex-wrap gap-2">
            <Badge tone="blue">{item.category}</Badge>
            <Badge tone="gray">{conditionLabel(item.condition)}</Badge>
          </div>
          {(item.brand || item.dimensions || item.weight) && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {item.brand && (
                <>
                  <dt className="font-medium text-gray-700">Brand</dt>
                  <dd className="text-gray-900">{item.brand}</dd>
                </>
              )}
              {item.dimensions && (
                <>
                  <dt className="font-medium text-gray-700">Dimensions</dt>
                  <dd className="text-gray-900">{item.dimensions}</dd>
                </>
              )}
              {item.weight && (
                <>
                  <dt className="font-medium text-gray-700">Weight</dt>
                  <dd className="text-gray-900">{item.weight}</dd>
                </>
              )}
            </dl>
          )}
          {item.description && (
            <section aria-labelledby="description-heading">
              <h2 id="description-heading" className="text-lg font-semibold text-gray-900">
                Description
              </h2>
              <p className="mt-1 whitespace-pre-line text-gray-800">{item.description}</p>
            </section>
          )}
          {item.sale && <SaleDetailsBox sale={item.sale} signedIn={user !== null} />}
          {user && !isOwner && !item.is_sold && renderContact?.(item)}
        </div>
      </div>
    </div>
  );
}
