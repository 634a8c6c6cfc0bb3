import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { Button, LinkButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteItem } from '../api/delete-item';
import { useItem } from '../api/get-item';
import { useUpdateItem } from '../api/update-item';
import { itemToFormValues, validateItemUpdate } from '../utils/item-form-values';
import { ItemForm } from './item-form';
import { TriangleAlert } from 'lucide-react';

export const DELETE_ITEM_CONFIRMATION = 'Are you sure you want to delete this item? This action cannot be undone.';

function UnableToEdit({ message }: { message: string }) {
  return (
    <EmptyState title="Unable to Edit Item" icon={<TriangleAlert />}>
      <p>{message}</p>
      <p className="mt-4">
        <LinkButton to="/my-sales">Back to My Garage Sales</LinkButton>
      </p>
    </EmptyState>
  );
}

/** /items/{id}/edit: the owner's form, status flags, photo editor and the Danger Zone. */
export function EditItem({ itemId }: { itemId: string }) {
  const user = useUser();
  const navigate = useNavigate();
  const itemQuery = useItem(itemId);
  const updateItem = useUpdateItem();
  const deleteItem = useDeleteItem();
  const [confirming, setConfirming] = useState(false);

  if (itemQuery.isPending) return <Spinner label="Loading item..." className="py-24" />;
  if (itemQuery.isError) {
    const notFound = itemQuery.error instanceof ApiError && itemQuery.error.status === 404;
    return <UnableToEdit message={notFound ? 'Item not found or unauthorized' : 'Failed to load item or unauthorized access'} />;
  }
  const item = itemQuery.data;
  // Anyone may read an item; only its owner may edit it (the server enforces it again on save).
  if (!user || user.id !== item.user_id) return <UnableToEdit message="Item not found or unauthorized" />;

  const onDelete = () => {
    deleteItem.mutate(item.id, {
      onSuccess: () => navigate(item.garage_sale_id === null ? '/my-items' : `/sales/${item.garage_sale_id}`),
      onError: (error) => {
        setConfirming(false);
        window.alert(errorMessage(error, 'Failed to delete item'));
      },
    });
  };

  return (
    <div className="space-y-8">
      <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <ItemForm
          initialValues={itemToFormValues(item)}
          validate={validateItemUpdate}
          submitLabel="Save Changes"
          submittingLabel="Saving..."
          cancelTo={`/items/${item.id}`}
          showStatus
          onSubmit={async (body) => {
            try {
              await updateItem.mutateAsync({ id: item.id, body });
            } catch (error) {
              window.alert(errorMessage(error, 'Failed to update item'));
              throw error;
            }
            navigate(`/items/${item.id}`);
          }}
        />
      </div>

      <section aria-labelledby="danger-zone" className="rounded-lg border border-red-300 bg-white p-6">
        <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
          Danger Zone
        </h2>
        <p className="mt-1 text-sm text-gray-700">Deleting an item removes it and its photos for good.</p>
        <Button variant="danger" className="mt-4" onClick={() => setConfirming(true)}>
          Delete Item
        </Button>
      </section>

      <ConfirmDialog
        open={confirming}
        title="Delete this item?"
        message={DELETE_ITEM_CONFIRMATION}
        confirmLabel="Delete Item"
        busyLabel="Deleting..."
        busy={deleteItem.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
