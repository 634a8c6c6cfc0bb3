import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { POPUP_DESCRIPTION_MAX } from '@garage/contracts/constants';
import type { Sale } from '@garage/contracts';
import { SaleFacts } from '@/components/sale-facts';
import { cn } from '@/lib/cn';
import { formatDateRange, formatRating, formatTimeRange, fullName, pluralize, truncate } from '@/lib/format';
import { salePlace } from '../utils/sale-place';
import { LiveStateBadge } from '@/components/live-state-badge';
import { PaymentBadges } from './payment-badges';

/** Where a sale's summary is shown: a card in the list view, or a popup on the map (smaller). */
export type SaleSummaryPlace = 'card' | 'popup';

/** Renders the actions the page adds to a sale's card or popup (next to "View Sale"). */
export type SaleActionsRenderer = (sale: Sale, place: SaleSummaryPlace) => ReactNode;

/**
 * A few of the sale's item photos (the sale object's `photo_urls`): the first one large and up to
 * two beside it on a card. The photos illustrate the title next to them, so they carry no name.
 */
export function SalePhotos({ urls }: { urls: string[] | undefined }) {
  const photos = (urls ?? []).slice(0, 3);
  if (photos.length === 0) {
    return (
      <div className="flex aspect-[16/9] items-center justify-center bg-gray-100 text-sm text-gray-600" data-testid="sale-photos">
        No photos yet
      </div>
    );
  }
  return (
    <div data-testid="sale-photos" className={cn('grid aspect-[16/9] gap-0.5 bg-gray-100', photos.length > 1 && 'grid-cols-3 grid-rows-2')}>
      {photos.map((url, index) => (
        <img
          key={url}
          src={url}
          alt=""
          width={index === 0 ? 400 : 200}
          height={index === 0 ? 300 : 150}
          loading="lazy"
          className={cn(
            'h-full w-full object-cover',
            index === 0 && photos.length > 1 && 'col-span-2 row-span-2',
            photos.length === 2 && index === 1 && 'row-span-2',
          )}
        />
      ))}
    </div>
  );
}

/** What a map popup tells about a sale (spec section 2): a strip of its photos, the short facts and a way in. */
export function SalePopup({ sale, actions }: { sale: Sale; actions?: ReactNode }) {
  const host = fullName(sale.first_name, sale.last_name);
  const photos = (sale.photo_urls ?? []).slice(0, 4);
  return (
    <div className="w-60 space-y-1 text-sm text-gray-800">
      {photos.length > 0 && (
        <div className="mb-2 grid grid-cols-4 gap-1" data-testid="sale-photos">
          {photos.map((url) => (
            <img key={url} src={url} alt="" width={56} height={56} loading="lazy" className="aspect-square w-full rounded object-cover" />
          ))}
        </div>
      )}
      <h3 className="text-base font-semibold text-gray-900">{sale.title}</h3>
      <LiveStateBadge sale={sale} />
      <p>{salePlace(sale)}</p>
      <p>{formatDateRange(sale.start_date, sale.end_date, 'short')}</p>
      <p>{formatTimeRange(sale.start_time, sale.end_time)}</p>
      {host ? (
        <p>
          Host: {host}
          {sale.rating !== null && <> · ★ {formatRating(sale.rating)}</>}
        </p>
      ) : (
        <p className="text-gray-700">Sign in to see the host and address</p>
      )}
      <p>{pluralize(sale.item_count, 'item')}</p>
      {sale.description && <p className="text-gray-700">{truncate(sale.description, POPUP_DESCRIPTION_MAX)}</p>}
      <div className="flex items-center justify-between gap-2 pt-1">
        <Link to={`/sales/${sale.id}`} className="font-semibold text-blue-700 underline">
          View Sale
        </Link>
        <span className="flex items-center gap-1">{actions}</span>
      </div>
    </div>
  );
}

/** A sale in the list view, linking to its page. */
export function SaleCard({ sale, actions }: { sale: Sale; actions?: ReactNode }) {
  const host = fullName(sale.first_name, sale.last_name);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200 transition hover:shadow-md">
      <SalePhotos urls={sale.photo_urls} />
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-semibold text-gray-900">
          <Link to={`/sales/${sale.id}`} className="hover:underline">
            {sale.title}
          </Link>
        </h3>
        <LiveStateBadge sale={sale} className="mt-1 self-start" />
        <p className="mt-1 text-sm text-gray-700">{salePlace(sale)}</p>
        <PaymentBadges methods={sale.payment_methods} />
        <SaleFacts sale={sale}>
          {host && (
            <>
              <dt className="font-medium text-gray-600">Host</dt>
              <dd className="text-gray-900">
                {host}
                {sale.rating !== null && ` · ★ ${formatRating(sale.rating)}`}
              </dd>
            </>
          )}
          {sale.distance !== undefined && (
            <>
              <dt className="font-medium text-gray-600">Distance</dt>
              <dd className="text-gray-900">{sale.distance.toFixed(1)} miles away</dd>
            </>
          )}
        </SaleFacts>
        {sale.description && <p className="mt-3 line-clamp-2 text-sm text-gray-700">{sale.description}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-4">
          <Link
            to={`/sales/${sale.id}`}
            className="text-sm font-semibold text-blue-700 hover:underline"
            aria-label={`View sale: ${sale.title}`}
          >
            View Sale →
          </Link>
          <span className="flex items-center gap-1">{actions}</span>
        </div>
      </div>
    </article>
  );
}
