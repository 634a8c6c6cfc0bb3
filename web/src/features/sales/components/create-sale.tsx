import { useNavigate } from 'react-router-dom';
import { useCreateSale } from '../api/create-sale';
import { SaleForm } from './sale-form';

/** /create-sale: the new sale, then the chosen items assigned to it, then the sale's page. */
export function CreateSale() {
  const navigate = useNavigate();
  const createSale = useCreateSale();
  return (
    <SaleForm
      mode="create"
      submitLabel="Create Garage Sale"
      submittingLabel="Creating..."
      failureMessage="Failed to create sale"
      cancelTo="/my-sales"
      onSubmit={async (body, itemIds) => {
        const sale = await createSale.mutateAsync({ body, itemIds });
        navigate(`/sales/${sale.id}`);
      }}
    />
  );
}
