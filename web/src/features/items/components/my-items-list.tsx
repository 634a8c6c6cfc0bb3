import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Item } from '@garage/contracts';
import { conditionLabel } from '@garage/contracts/constants';
import { formatPrice } from '@/lib/format';
import { ITEM_STATUS_LABELS } from '@/lib/item-status';
import { ItemStatusBadge } from '@/components/item-status-badge';
import { Button, LinkButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/field';
import { QueryStatus } from '@/components/ui/query-status';
import { useDeleteItem } from '../api/delete-item';
import { useMyItems } from '../api/get-my-items';
import { categoriesOf, filterItems, noItemFilters, type ItemFilters } from '../utils/filter-items';
import { Package } from 'lucide-react';

export const DELETE_FROM_LIST_CONFIRMATION =
  'Are you sure you want to delete this item? It will also be removed from any garage sale it is part of. This action cannot be undone.';

const statusOptions: Array<ItemFilters['status']> = ['all', 'available', 'in_sale', 'reserved', 'sold'];

function ItemRow({ item, onDelete }: { item: Item; onDelete: (item: Item) => void }) {
  return (
    <article className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-center">
      <div className="h-20 w-20 shrink-0 overflow-hidden rounded-md bg-gray-100">
        {item.image_urls[0] ? (
          <img src={item.image_urls[0]} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <div className="flex h-full items-center justify-center text-xs text-gray-600">No photo</div>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="truncate text-base font-semibold text-gray-900">{item.title}</h2>
          <ItemStatusBadge item={item} />
        </div>
        <p className="text-sm text-gray-700">
          <span className="font-semibold text-green-800">{formatPrice(item.price)}</span> · {item.category} ·{' '}
          {conditionLabel(item.condition)}
        </p>
        <p className="text-sm text-gray-700">
          {item.garage_sale_id !== null ? (
            <>
              In sale:{' '}
              <Link to={`/sales/${item.garage_sale_id}`} className="text-blue-700 hover:underline">
                {item.sale_title ?? 'View sale'}
              </Link>
            </>
          ) : (
            'Not in a sale'
          )}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <LinkButton to={`/items/${item.id}`} variant="secondary" size="sm" aria-label={`View ${item.title}`}>
          View
        </LinkButton>
        <LinkButton to={`/items/${item.id}/edit`} variant="secondary" size="sm" aria-label={`Edit ${item.title}`}>
          Edit
        </LinkButton>
        <Button variant="danger" size="sm" onClick={() => onDelete(item)} aria-label={`Delete ${item.title}`}>
          Delete
        </Button>
      </div>
    </article>
  );
}

export function MyItemsList() {
  const itemsQuery = useMyItems();
  const deleteItem = useDeleteItem();
  const [filters, setFilters] = useState<ItemFilters>(noItemFilters);
  const [pendingDelete, setPendingDelete] = useState<Item | null>(null);

  const items = useMemo(() => itemsQuery.data ?? [], [itemsQuery.data]);
  const categories = useMemo(() => categoriesOf(items), [items]);
  const visible = useMemo(() => filterItems(items, filters), [items, filters]);

  if (!itemsQuery.isSuccess)
    return <QueryStatus query={itemsQuery} loading="Loading your items..." error="Failed to load your items" className="py-24" />;

  if (items.length === 0) {
    return (
      <EmptyState title="No items yet" icon={<Package />}>
        <p>List the things you want to sell, then add them to a garage sale.</p>
        <p className="mt-4">
          <LinkButton to="/create-item">Add Your First Item</LinkButton>
        </p>
      </EmptyState>
    );
  }

  const confirmDelete = () => {
    if (!pendingDelete) return;
    deleteItem.mutate(pendingDelete.id, {
      onSuccess: () => setPendingDelete(null),
      onError: () => {
        setPendingDelete(null);
        window.alert('Failed to delete item. Please try again.');
      },
    });
  };

  return (
    <div className="space-y-5">
      <section aria-label="Filter items" className="grid gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:grid-cols-3">
        <TextField
          label="Search"
          type="search"
          placeholder="Title or description"
          value={filters.text}
          onChange={(event) => setFilters({ ...filters, text: event.target.value })}
        />
        <SelectField
          label="Category"
          value={filters.category}
          onChange={(event) => setFilters({ ...filters, category: event.target.value })}
        >
          <option value="">All Categories</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(event) => setFilters({ ...filters, status: event.target.value as ItemFilters['status'] })}
        >
          {statusOptions.map((status) => (
            <option key={status} value={status}>
              {status === 'all' ? 'All Statuses' : ITEM_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
      </section>

      <p className="text-sm font-medium text-gray-800" aria-live="polite">
        Showing {visible.length} of {items.length} items
      </p>

      {visible.length === 0 ? (
        <EmptyState title="No items match your filters">
          <Button variant="secondary" size="sm" onClick={() => setFilters(noItemFilters)}>
            Clear Filters
          </Button>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {visible.map((item) => (
            <li key={item.id}>
              <ItemRow item={item} onDelete={setPendingDelete} />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        title={pendingDelete ? `Delete "${pendingDelete.title}"?` : 'Delete item?'}
        message={DELETE_FROM_LIST_CONFIRMATION}
        confirmLabel="Delete Item"
        busyLabel="Deleting..."
        busy={deleteItem.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
