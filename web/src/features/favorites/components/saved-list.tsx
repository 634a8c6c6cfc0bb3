import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { FavoriteItem, FavoriteSale } from '@garage/contracts';
import { formatDateRange, formatPrice } from '@/lib/format';
import { ItemStatusBadge } from '@/components/item-status-badge';
import { SaleFacts } from '@/components/sale-facts';
import { SaleStatusBadge } from '@/components/sale-status-badge';
import { Button, LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PhotoCard } from '@/components/ui/photo-card';
import { QueryStatus } from '@/components/ui/query-status';
import { useFavorites, useSetFavorite, type FavoriteKind } from '../api/favorites';
import { HeartIcon } from './favorite-button';

function RemoveButton({ kind, id, title }: { kind: FavoriteKind; id: number; title: string }) {
  const setFavorite = useSetFavorite();
  const busy = setFavorite.isPending;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`Remove ${title} from Saved`}
      disabled={busy}
      onClick={() => setFavorite.mutate({ kind, id, saved: false })}
    >
      {busy ? 'Removing...' : 'Remove'}
    </Button>
  );
}

function SavedSaleCard({ sale, actions }: { sale: FavoriteSale; actions?: ReactNode }) {
  return (
    <article className="flex h-full flex-col rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-lg font-semibold text-gray-900">
          <Link to={`/sales/${sale.id}`} className="hover:underline">
            {sale.title}
          </Link>
        </h3>
        <SaleStatusBadge status={sale.status} />
      </div>
      <p className="mt-1 text-sm text-gray-700">
        {sale.address ? `${sale.address}, ` : ''}
        {sale.city}, {sale.state}
      </p>
      <SaleFacts sale={sale}></SaleFacts>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
        {actions}
        <RemoveButton kind="sale" id={sale.id} title={sale.title} />
      </div>
    </article>
  );
}

function SavedItemCard({ item }: { item: FavoriteItem }) {
  return (
    <PhotoCard imageUrl={item.image_urls[0]} alt={item.title}>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold text-gray-900">
            <Link to={`/items/${item.id}`} className="hover:underline">
              {item.title}
            </Link>
          </h3>
          <ItemStatusBadge item={item} withSale={false} />
        </div>
        <p className="text-lg font-bold text-green-800">{formatPrice(item.price)}</p>
        {item.garage_sale_id !== null && item.sale_title ? (
          <p className="text-sm text-gray-700">
            At{' '}
            <Link to={`/sales/${item.garage_sale_id}`} className="font-medium text-blue-700 hover:underline">
              {item.sale_title}
            </Link>
            {item.city && ` · ${item.city}, ${item.state}`}
            {item.start_date && item.end_date && ` · ${formatDateRange(item.start_date, item.end_date, 'short')}`}
          </p>
        ) : (
          <p className="text-sm text-gray-700">Not in a garage sale right now</p>
        )}
        <div className="mt-auto pt-3">
          <RemoveButton kind="item" id={item.id} title={item.title} />
        </div>
      </div>
    </PhotoCard>
  );
}

interface SavedListProps {
  /** More for a saved sale's card, before its Remove button (e.g. adding it to a route plan). */
  renderSaleActions?: (sale: FavoriteSale) => ReactNode;
}

/** /saved: the sales and items the user put a heart on, newest first, each with Remove. */
export function SavedList({ renderSaleActions }: SavedListProps) {
  const favorites = useFavorites();

  if (!favorites.isSuccess)
    return (
      <QueryStatus
        query={favorites}
        loading="Loading your saved sales and items..."
        error="Failed to load your saved sales and items"
        className="py-16"
      />
    );

  const { sales, items } = favorites.data;
  if (sales.length === 0 && items.length === 0) {
    return (
      <EmptyState title="Nothing saved yet" icon={<HeartIcon filled={false} className="mx-auto h-10 w-10 text-rose-700" />}>
        <p>Tap the heart on a garage sale or an item to keep it here for later.</p>
        <p className="mt-4 flex flex-wrap justify-center gap-3">
          <LinkButton to="/sales">Browse Garage Sales</LinkButton>
          <LinkButton to="/search" variant="secondary">
            Search for Items
          </LinkButton>
        </p>
      </EmptyState>
    );
  }

  return (
    <div className="space-y-10">
      <section aria-labelledby="saved-sales">
        <h2 id="saved-sales" className="mb-4 text-xl font-semibold text-gray-900">
          Saved Sales ({sales.length})
        </h2>
        {sales.length === 0 ? (
          <p className="text-sm text-gray-700">No saved sales yet. Tap the heart on a sale to keep it here.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {sales.map((sale) => (
              <li key={sale.id}>
                <SavedSaleCard sale={sale} actions={renderSaleActions?.(sale)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="saved-items">
        <h2 id="saved-items" className="mb-4 text-xl font-semibold text-gray-900">
          Saved Items ({items.length})
        </h2>
        {items.length === 0 ? (
          <p className="text-sm text-gray-700">No saved items yet. Tap the heart on an item to keep it here.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {items.map((item) => (
              <li key={item.id}>
                <SavedItemCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
