import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { AddItem } from '@/features/items/components/add-item';

/** Both /sales/{saleId}/add-item and /create-item. */
export default function AddItemRoute() {
  const { saleId } = useParams();
  const id = saleId && /^\d+$/.test(saleId) ? Number(saleId) : null;
  return (
    <Page
      title="Add Item"
      heading={id === null ? 'Add an Item' : 'Add Item to Your Garage Sale'}
      intro="Fields marked * are required."
      width="medium"
    >
      <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <AddItem key={saleId ?? 'standalone'} saleId={id} />
      </div>
    </Page>
  );
}
