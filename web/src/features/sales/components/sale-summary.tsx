import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { POPUP_DESCRIPTION_MAX } from '@garage/contracts/constants';
import type { Sale } from '@garage/contracts';
import { formatDateRange, formatRating, formatTimeRange, fullName, pluralize, truncate } from '@/lib/format';
import { salePlace } from '../utils/sale-place';

/** Where a sale's summary is shown: a card in the list view, or a popup on the map (smaller). */
export type SaleSummaryPlace = 'card' | 'popup';

/** Renders the actions the page adds to a sale's card or popup (next to "View Sale"). */
export type SaleActionsRenderer = (sale: Sale, place: SaleSummaryPlace) => ReactNode;

/** What a map popup tells about a sale (spec section 2): the short facts and a way in. */
export function SalePopup({ sale, actions }: { sale: Sale; actions?: ReactNode }) {
  const host = fullName(sale.first_name, sale.last_name);
  return (
    <div className="w-60 space-y-1 text-sm text-gray-800">
      <h3 className="text-base font-semibold text-gray-900">{sale.title}</h3>
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
    <article className="flex h-full flex-col rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 transition hover:shadow-md">
      <h3 className="text-lg font-semibold text-gray-900">
        <Link to={`/sales/${sale.id}`} className="hover:underline">
          {sale.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-gray-700">{salePlace(sale)}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-gray-600">Dates</dt>
        <dd className="text-gray-900">{formatDateRange(sale.start_date, sale.end_date, 'short')}</dd>
        <dt className="font-medium text-gray-600">Hours</dt>
        <dd className="text-gray-900">{formatTimeRange(sale.start_time, sale.end_time)}</dd>
        <dt className="font-medium text-gray-600">Items</dt>
        <dd className="text-gray-900">{pluralize(sale.item_count, 'item')}</dd>
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
      </dl>
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
    </article>
  );
}
