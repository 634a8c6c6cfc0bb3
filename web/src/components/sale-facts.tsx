import type { ReactNode } from 'react';
import type { Sale } from '@garage/contracts';
import { formatDateRange, formatTimeRange, pluralize } from '@/lib/format';

type SaleWhen = Pick<Sale, 'start_date' | 'end_date' | 'start_time' | 'end_time' | 'item_count'>;

/** A sale card's facts: dates, hours and item count, then any further rows the card adds. */
export function SaleFacts({ sale, children }: { sale: SaleWhen; children?: ReactNode }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="font-medium text-gray-600">Dates</dt>
      <dd className="text-gray-900">{formatDateRange(sale.start_date, sale.end_date, 'short')}</dd>
      <dt className="font-medium text-gray-600">Hours</dt>
      <dd className="text-gray-900">{formatTimeRange(sale.start_time, sale.end_time)}</dd>
      <dt className="font-medium text-gray-600">Items</dt>
      <dd className="text-gray-900">{pluralize(sale.item_count, 'item')}</dd>
      {children}
    </dl>
  );
}
