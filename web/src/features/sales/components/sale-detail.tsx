import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Item, Sale } from '@garage/contracts';
import { conditionLabel } from '@garage/contracts/constants';
import { isNotFound } from '@/lib/api-client';
import { useUser, type LoginRedirectState } from '@/lib/auth';
import { formatDateRange, formatPrice, formatRating, formatTimeRange, fullName, pluralize } from '@/lib/format';
import { ItemStatusBadge } from '@/components/item-status-badge';
import { SaleStatusBadge } from '@/components/sale-status-badge';
import { Button, LinkButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PhotoCard } from '@/components/ui/photo-card';
import { QueryStatus } from '@/components/ui/query-status';
import { useDeleteSale } from '../api/delete-sale';
import { useSale } from '../api/get-sale';
import { LiveStateBadge } from '@/components/live-state-badge';
import { LiveStatusPanel } from '../live-status/live-status-panel';
import { MarkdownPanel } from '../markdowns/markdown-panel';
import { UpcomingMarkdown } from '../markdowns/upcoming-markdown';
import { AddressTimingNote } from './address-timing-note';
import { PaymentBadges } from './payment-badges';
import { PrintKitButtons } from './print-kit-buttons';
import { SearchX } from 'lucide-react';

function SaleItemCard({ item, actions }: { item: Item; actions?: ReactNode }) {
  return (
    <PhotoCard imageUrl={item.image_urls[0]} alt={item.title}>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold text-gray-900">
            <Link to={`/items/${item.id}`} className="hover:underline">
              {item.title}
            </Link>
          </h3>
          <span className="flex shrink-0 items-center gap-1">
            <ItemStatusBadge item={item} withSale={false} />
            {actions}
          </span>
        </div>
        <p className="text-lg font-bold text-green-800">
          {formatPrice(item.price)}
          {item.original_price !== null && item.original_price > item.price && (
            <span className="ml-2 text-sm font-normal text-gray-600 line-through">
              <span className="sr-only">Original price </span>
              {formatPrice(item.original_price)}
            </span>
          )}
        </p>
        <p className="text-sm text-gray-700">
          {item.category} · {conditionLabel(item.condition)}
        </p>
      </div>
    </PhotoCard>
  );
}

interface SaleDetailProps {
  saleId: string;
  /** Next to the sale's title and status (e.g. its heart). */
  renderTitleActions?: (sale: Sale) => ReactNode;
  /** Under the sale's dates and hours (e.g. "Add to calendar", "Add to plan"). */
  renderScheduleActions?: (sale: Sale) => ReactNode;
  /** Next to the status of each item for sale (e.g. its heart). */
  renderItemActions?: (item: Item) => ReactNode;
  /** For the sale's host only, under when and where (e.g. "Join a community sale nearby"). */
  renderHostPanel?: (sale: Sale) => ReactNode;
}

export function SaleDetail({ saleId, renderTitleActions, renderScheduleActions, renderItemActions, renderHostPanel }: SaleDetailProps) {
  const user = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const saleQuery = useSale(saleId);
  const deleteSale = useDeleteSale();
  const [confirming, setConfirming] = useState(false);

  if (saleQuery.isError && isNotFound(saleQuery.error)) {
    return (
      <EmptyState title="Sale Not Found" icon={<SearchX />} asPageHeading>
        <title>Sale Not Found | Garage</title>
        <p>This garage sale does not exist or has been removed.</p>
        <p className="mt-4">
          <LinkButton to="/sales">Browse Garage Sales</LinkButton>
        </p>
      </EmptyState>
    );
  }
  if (!saleQuery.isSuccess) {
    return (
      <QueryStatus query={saleQuery} loading="Loading sale..." error="Failed to load sale" className="py-24">
        <title>Garage Sale | Garage</title>
      </QueryStatus>
    );
  }

  const sale = saleQuery.data;
  const items = sale.items ?? [];
  const isOwner = user !== null && user.id === sale.user_id;
  const host = fullName(sale.first_name, sale.last_name);
  const loginState: LoginRedirectState = { from: location.pathname };

  const onDelete = () => {
    deleteSale.mutate(sale.id, {
      onSuccess: () => navigate('/my-sales'),
      onError: () => {
        setConfirming(false);
        window.alert('Failed to delete sale. Please try again.');
      },
    });
  };

  return (
    <div className="space-y-8">
      <title>{`${sale.title} | Garage`}</title>
      <nav aria-label="Breadcrumb" className="text-sm text-gray-700">
        <Link to="/sales" className="text-blue-700 underline hover:text-blue-900">
          Sales
        </Link>{' '}
        / <span aria-current="page">{sale.title}</span>
      </nav>

      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold text-gray-900">{sale.title}</h1>
            <SaleStatusBadge status={sale.status} />
            <LiveStateBadge sale={sale} />
            {renderTitleActions?.(sale)}
          </div>
          {sale.description && <p className="mt-2 max-w-3xl whitespace-pre-line text-gray-700">{sale.description}</p>}
        </div>
        {isOwner && (
          <div className="flex flex-wrap gap-2">
            {/* On the morning of the sale: where the host checks pickup codes. */}
            <LinkButton to={`/sales/${sale.id}/reservations`} variant="secondary">
              Pickup Desk
            </LinkButton>
            <LinkButton to={`/sales/${sale.id}/edit`} variant="secondary">
              Edit Sale
            </LinkButton>
            <LinkButton to={`/sales/${sale.id}/add-item`} variant="success">
              Add Item
            </LinkButton>
            <PrintKitButtons saleId={sale.id} />
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete Sale
            </Button>
          </div>
        )}
      </div>

      {/* First under the title: on the sale's morning it is what the host taps and shoppers read. */}
      <LiveStatusPanel sale={sale} isOwner={isOwner} signedIn={user !== null} />
      <UpcomingMarkdown sale={sale} />

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="when-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
          <h2 id="when-heading" className="text-lg font-semibold text-gray-900">
            When
          </h2>
          <p className="mt-2 text-gray-800">{formatDateRange(sale.start_date, sale.end_date)}</p>
          <p className="text-gray-800">{formatTimeRange(sale.start_time, sale.end_time)}</p>
          <PaymentBadges methods={sale.payment_methods} />
          <div className="mt-3 flex flex-wrap gap-2">{renderScheduleActions?.(sale)}</div>
        </section>
        <section aria-labelledby="where-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
          <h2 id="where-heading" className="text-lg font-semibold text-gray-900">
            Where
          </h2>
          {user && sale.address ? (
            <>
              <p className="mt-2 text-gray-800">{sale.address}</p>
              <p className="text-gray-800">
                {sale.city}, {sale.state} {sale.zip_code}
              </p>
              <AddressTimingNote sale={sale} isOwner={isOwner} />
              {host && (
                <p className="mt-3 text-sm text-gray-700">
                  Hosted by <span className="font-medium text-gray-900">{host}</span>
                  {sale.rating !== null && <> · ★ {formatRating(sale.rating)}</>}
                </p>
              )}
              {sale.phone && (
                <p className="text-sm text-gray-700">
                  Phone:{' '}
                  <a href={`tel:${sale.phone}`} className="text-blue-700 hover:underline">
                    {sale.phone}
                  </a>
                </p>
              )}
            </>
          ) : (
            <>
              <p className="mt-2 text-gray-800">
                {sale.city}, {sale.state}
              </p>
              <div className="mt-3 rounded-md bg-blue-50 p-3 text-sm text-blue-900">
                <p>Sign in to see the full address, the host and their phone number.</p>
                <p className="mt-2 flex gap-3">
                  <Link to="/login" state={loginState} className="font-semibold underline">
                    Sign In
                  </Link>
                  <Link to="/register" className="font-semibold underline">
                    Register
                  </Link>
                </p>
              </div>
            </>
          )}
        </section>
      </div>

      {isOwner && sale.status === 'active' && <MarkdownPanel sale={sale} />}
      {isOwner && renderHostPanel?.(sale)}

      <section aria-labelledby="items-heading">
        <h2 id="items-heading" className="mb-4 text-xl font-semibold text-gray-900">
          Items for Sale ({pluralize(items.length, 'item')})
        </h2>
        {items.length === 0 ? (
          <EmptyState title="No items listed yet">
            {isOwner ? (
              <Link to={`/sales/${sale.id}/add-item`} className="font-semibold text-blue-700 underline">
                Add the first item
              </Link>
            ) : (
              'Check back closer to the sale date.'
            )}
          </EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {items.map((item) => (
              <li key={item.id}>
                <SaleItemCard item={item} actions={renderItemActions?.(item)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={confirming}
        title="Delete this garage sale?"
        message="Are you sure you want to delete this garage sale? This action cannot be undone. Its items are kept in My Items and can be added to another sale."
        confirmLabel="Delete Sale"
        busyLabel="Deleting..."
        busy={deleteSale.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
