import {
  Ban,
  Bell,
  CircleHelp,
  Clock,
  CloudRain,
  Crown,
  HandCoins,
  MessageCircle,
  Receipt,
  Route,
  Search,
  Trash2,
  TrendingDown,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Alert, AlertKind } from '@garage/contracts';
import { cn } from '@/lib/cn';
import { formatWhen } from '@/lib/when';

const icons: Record<AlertKind, LucideIcon> = {
  match: Search,
  sale_cancelled: Ban,
  sale_deleted: Trash2,
  sale_changed: Clock,
  reservation: Receipt,
  membership: Crown,
  community_sale_cancelled: Ban,
  community_sale_moved: CloudRain,
  sale_dropped_out: Route,
  sale_likely_over: CircleHelp,
  message: MessageCircle,
  price_drop: TrendingDown,
  offer: HandCoins,
};

/**
 * One alert: what happened, when, and a link to the item or sale (none once the sale is deleted).
 * Following the link marks it read.
 */
export function AlertEntry({ alert, onOpen, compact = false }: { alert: Alert; onOpen: (alert: Alert) => void; compact?: boolean }) {
  const Icon = icons[alert.kind] ?? Bell;
  const title = (
    <>
      {!alert.read && <span className="sr-only">Unread: </span>}
      {alert.title}
    </>
  );
  return (
    <div className={cn('flex gap-3', compact ? 'px-4 py-3' : 'p-4', !alert.read && 'bg-blue-50')}>
      <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-gray-600" />
      <div className="min-w-0 flex-1">
        <p className={cn('text-sm', alert.read ? 'font-medium text-gray-800' : 'font-semibold text-gray-900')}>
          {alert.link ? (
            <Link to={alert.link} onClick={() => onOpen(alert)} className="block hover:underline focus:underline">
              {title}
            </Link>
          ) : (
            title
          )}
        </p>
        <p className={cn('mt-0.5 text-sm text-gray-700', compact && 'line-clamp-2')}>{alert.message}</p>
        <p className="mt-1 text-xs text-gray-600">
          <time dateTime={alert.createdAt}>{formatWhen(alert.createdAt)}</time>
        </p>
      </div>
      {!alert.read && <span aria-hidden="true" className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-blue-700" />}
    </div>
  );
}
