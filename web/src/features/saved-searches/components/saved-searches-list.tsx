import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SavedSearch } from '@garage/contracts';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { formatTimestampDate, pluralize } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button, LinkButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStatus } from '@/components/ui/query-status';
import { useDeleteSavedSearch, useSavedSearches } from '../api/saved-searches';
import { describeSearch, searchHref } from '../utils/describe-search';
import { SaveSearchDialog } from './save-search-dialog';
import { Search } from 'lucide-react';

function UpgradeCall() {
  return (
    <section className="rounded-lg bg-purple-50 p-6 text-center ring-1 ring-purple-200">
      <h2 className="text-xl font-semibold text-gray-900">Saved searches are a Premium feature</h2>
      <p className="mx-auto mt-2 max-w-xl text-gray-800">
        Save what you are looking for and get an alert, in the app and by email, as soon as it is listed at a sale near you.
      </p>
      <LinkButton to="/subscribe" variant="premium" className="mt-4">
        Upgrade to Premium
      </LinkButton>
    </section>
  );
}

function SavedSearchCard({ search, onEdit, onDelete }: { search: SavedSearch; onEdit: () => void; onDelete: () => void }) {
  return (
    <article className="flex h-full flex-col rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-gray-900">{search.name}</h2>
        <Badge tone={search.frequency === 'instant' ? 'blue' : 'purple'}>
          {search.frequency === 'instant' ? 'Instant' : 'Daily digest'}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-gray-800">{describeSearch(search)}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-gray-600">Alerts</dt>
        <dd className="text-gray-900">
          {pluralize(search.alertCount, 'alert')}
          {search.lastAlertAt && ` · last ${formatTimestampDate(search.lastAlertAt)}`}
        </dd>
        <dt className="font-medium text-gray-600">Email</dt>
        <dd className="text-gray-900">{search.emailEnabled ? 'On' : 'Off'}</dd>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <LinkButton to={searchHref(search)} variant="secondary" size="sm" aria-label={`Run search ${search.name}`}>
          Run search
        </LinkButton>
        <Button variant="secondary" size="sm" aria-label={`Edit ${search.name}`} onClick={onEdit}>
          Edit
        </Button>
        <Button variant="danger" size="sm" aria-label={`Delete ${search.name}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </article>
  );
}

/** /saved-searches (premium): the saved searches with their alert counts, to run, edit or delete. */
export function SavedSearchesList() {
  const user = useUser();
  const searches = useSavedSearches({ enabled: Boolean(user?.isPremium) });
  const remove = useDeleteSavedSearch();
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);

  if (!user?.isPremium || (searches.error instanceof ApiError && searches.error.status === 403)) return <UpgradeCall />;
  if (!searches.isSuccess)
    return (
      <QueryStatus query={searches} loading="Loading your saved searches..." error="Failed to load your saved searches" className="py-16" />
    );
  if (searches.data.length === 0) {
    return (
      <EmptyState title="No saved searches yet" icon={<Search />}>
        <p>
          Search for an item, then choose <span className="font-semibold">Save this search</span> to be told when a new match is listed.
        </p>
        <p className="mt-4">
          <LinkButton to="/search">Search for Items</LinkButton>
        </p>
      </EmptyState>
    );
  }

  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {searches.data.map((search) => (
          <li key={search.id}>
            <SavedSearchCard search={search} onEdit={() => setEditing(search)} onDelete={() => setDeleting(search)} />
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-gray-700">
        New matches appear under the bell and on the{' '}
        <Link to="/alerts" className="font-semibold text-blue-700 underline">
          Alerts
        </Link>{' '}
        page. Every email has a one-click unsubscribe link.
      </p>
      {editing && (
        <SaveSearchDialog
          key={editing.id}
          open
          criteria={editing}
          existing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this saved search?"
        message={deleting ? `“${deleting.name}” and its emails stop. The alerts it already sent stay under the bell.` : ''}
        confirmLabel="Delete Search"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
