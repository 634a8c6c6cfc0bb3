import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { formatDateRange } from '@/lib/format';
import { Page } from '@/components/ui/page';
import { AddItem } from '@/features/items/components/add-item';
import { getSaleQueryOptions } from '@/features/sales/api/get-sale';

/** Both /sales/{saleId}/add-item and /create-item. */
export default function AddItemRoute() {
  const { saleId } = useParams();
  const id = saleId && /^\d+$/.test(saleId) ? Number(saleId) : null;
  // Into a sale: the page names it, so the host knows where the item goes.
  const sale = useQuery({ ...getSaleQueryOptions(String(id)), enabled: id !== null });
  return (
    <Page
      title={sale.data ? `Add Item to ${sale.data.title}` : 'Add Item'}
      heading={id === null ? 'Add an Item' : sale.data ? `Add Item to ${sale.data.title}` : 'Add Item to Your Garage Sale'}
      intro={
        <>
          {sale.data && (
            <span className="block">
              {formatDateRange(sale.data.start_date, sale.data.end_date)} · <Link to={`/sales/${sale.data.id}`}>Back to the sale</Link>
            </span>
          )}
          Fields marked * are required.
        </>
      }
      width="medium"
    >
      <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <AddItem key={saleId ?? 'standalone'} saleId={id} />
      </div>
    </Page>
  );
}
