import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SavedSearch } from '@garage/contracts';
import { useUser } from '@/lib/auth';
import { Button, LinkButton } from '@/components/ui/button';
import type { SearchCriteria } from '../utils/describe-search';

// The dialog validates with the contract's schemas (zod): loaded when opened, not with /search.
const SaveSearchDialog = lazy(() => import('./save-search-dialog').then((module) => ({ default: module.SaveSearchDialog })));

/** The item search of the moment as /search holds it (form values are strings there). */
export interface CurrentSearch {
  q: string;
  category: string;
  maxPrice: string;
  condition: string;
  radius: number;
  latitude?: number;
  longitude?: number;
}

export function criteriaOf(search: CurrentSearch): SearchCriteria {
  const located = search.latitude !== undefined && search.longitude !== undefined;
  const maxPrice = search.maxPrice.trim() === '' ? null : Number(search.maxPrice);
  return {
    q: search.q.trim(),
    category: search.category || null,
    maxPrice: maxPrice !== null && Number.isFinite(maxPrice) ? maxPrice : null,
    condition: search.condition || null,
    latitude: located ? search.latitude! : null,
    longitude: located ? search.longitude! : null,
    // The radius counts only around a place, as in item search.
    radius: located ? search.radius : null,
  };
}

function BookmarkIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path strokeLinejoin="round" d="M6 3h12v18l-6-4-6 4z" />
    </svg>
  );
}

/**
 * "Save this search" on /search (premium): opens the dialog with the words, filters, place and
 * radius of the search on screen. Free users get the way to upgrade instead; visitors nothing.
 */
export function SaveSearchAction({ search }: { search: CurrentSearch }) {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<SavedSearch | null>(null);
  if (!user || search.q.trim() === '') return null;

  if (!user.isPremium) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg bg-purple-50 px-4 py-3 text-sm text-purple-900 ring-1 ring-purple-200">
        <span>Want to hear when a new match is listed?</span>
        <LinkButton to="/subscribe" variant="premium" size="sm">
          <BookmarkIcon />
          Upgrade to save searches
        </LinkButton>
      </div>
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setSaved(null);
          setOpen(true);
        }}
      >
        <BookmarkIcon />
        Save this search
      </Button>
      {saved && (
        <p role="status" className="text-sm text-green-800">
          Saved “{saved.name}”. New matches will show up under the bell.{' '}
          <Link to="/saved-searches" className="font-semibold underline">
            Manage saved searches
          </Link>
        </p>
      )}
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog
            open
            criteria={criteriaOf(search)}
            onClose={() => setOpen(false)}
            onSaved={(result) => {
              setSaved(result);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
