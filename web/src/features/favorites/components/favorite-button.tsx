import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useFavoriteIds, useSetFavorite, type FavoriteKind } from '../api/favorites';

export function HeartIcon({ filled, className = 'h-5 w-5' }: { filled: boolean; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
    >
      <path
        strokeLinejoin="round"
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.6 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.6 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
      />
    </svg>
  );
}

interface FavoriteButtonProps {
  kind: FavoriteKind;
  id: number;
  /** The sale's or item's title: names the button where several sit on one page. */
  title: string;
  /** `icon` on cards and popups; `labelled` (heart and words) on detail pages. */
  variant?: 'icon' | 'labelled';
  /** Who hosts the sale or owns the item: nobody saves their own. */
  ownerId?: number;
  className?: string;
}

/**
 * The heart: a toggle button (aria-pressed) that saves a sale or an item to the Saved page. Only
 * signed-in users see it (a visitor has nothing to save to); it reads its state from the one
 * GET /api/favorites/ids every heart shares.
 */
export function FavoriteButton({ kind, id, title, variant = 'icon', ownerId, className }: FavoriteButtonProps) {
  const user = useUser();
  const ids = useFavoriteIds();
  const setFavorite = useSetFavorite();
  const [error, setError] = useState<string | null>(null);
  if (!user || user.id === ownerId) return null;

  const saved = (kind === 'sale' ? ids.data?.saleIds : ids.data?.itemIds)?.includes(id) ?? false;
  const action = kind === 'sale' ? 'Save sale' : 'Save item';
  const text = saved ? 'Saved' : action;
  // Cards name what they save ("Save sale: Maple Street Moving Sale"); the visible words lead.
  const label = variant === 'icon' ? `${text}: ${title}` : undefined;

  const toggle = () => {
    setError(null);
    setFavorite.mutate(
      { kind, id, saved: !saved },
      {
        onError: (failure) =>
          setError(errorMessage(failure, saved ? 'Could not remove it. Please try again.' : 'Could not save it. Please try again.')),
      },
    );
  };

  return (
    <span className={cn('inline-flex flex-col items-end', className)}>
      <button
        type="button"
        aria-pressed={saved}
        aria-label={label}
        title={variant === 'icon' ? text : undefined}
        disabled={ids.isPending}
        onClick={toggle}
        className={cn(
          'inline-flex shrink-0 items-center gap-1.5 rounded-full font-semibold transition-colors',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:cursor-wait disabled:opacity-60',
          variant === 'icon' ? 'p-1.5' : 'border px-3 py-1.5 text-sm',
          saved
            ? 'border-rose-300 bg-rose-50 text-rose-700 hover:bg-rose-100'
            : 'border-gray-300 bg-white text-gray-700 hover:bg-rose-50 hover:text-rose-700',
        )}
      >
        <HeartIcon filled={saved} />
        {variant === 'labelled' && text}
      </button>
      {error && (
        <span role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
