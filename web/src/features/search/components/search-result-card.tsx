import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { conditionLabel } from '@garage/contracts/constants';
import type { SearchResult } from '@garage/contracts';
import { formatPrice, formatShortDate, fullName } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { PhotoCard } from '@/components/ui/photo-card';
import { LiveStateBadge } from '@/components/live-state-badge';
import { ReserveAction } from './reserve-action';

interface SearchResultCardProps {
  result: SearchResult;
  /** After the title and price (e.g. the item's heart). */
  actions?: ReactNode;
}

export function SearchResultCard({ result, actions }: SearchResultCardProps) {
  const seller = fullName(result.first_name, result.last_name);
  return (
    <PhotoCard imageUrl={result.image_urls[0]} alt={result.title}>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-lg font-semibold text-gray-900">
            <Link to={`/items/${result.id}`} className="hover:underline">
              {result.title}
            </Link>
          </h2>
          <p className="shrink-0 text-lg font-bold text-green-800">{formatPrice(result.price)}</p>
          {actions}
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge tone="blue">{result.category}</Badge>
          <Badge tone="gray">{conditionLabel(result.condition)}</Badge>
          {result.is_reserved && <Badge tone="amber">Reserved</Badge>}
        </div>
        <p className="text-sm text-gray-700">
          {result.city}, {result.state} · Starts {formatShortDate(result.start_date)}
          {result.distance !== undefined && ` · ${result.distance.toFixed(1)} mi`}
        </p>
        {result.description && <p className="line-clamp-3 text-sm text-gray-800">{result.description}</p>}
        <p className="text-sm text-gray-700">
          At{' '}
          <Link to={`/sales/${result.garage_sale_id}`} className="font-medium text-blue-700 hover:underline">
            {result.sale_title}
          </Link>
        </p>
        {result.sale && <LiveStateBadge sale={result.sale} className="self-start" />}
        <p className="text-sm text-gray-700">{seller ? `Seller: ${seller}` : 'Sign in to see the seller'}</p>
        <div className="mt-auto pt-2">
          <ReserveAction item={result} />
        </div>
      </div>
    </PhotoCard>
  );
}
