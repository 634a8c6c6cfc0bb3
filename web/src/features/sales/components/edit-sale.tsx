import { Navigate, useNavigate } from 'react-router-dom';
import { isNotFound } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSale } from '../api/get-sale';
import { useUpdateSale } from '../api/update-sale';
import { SaleForm, saleToFormValues } from './sale-form';

/** /sales/{id}/edit: only the owner edits; anyone else is sent to /sales (spec section 2). */
export function EditSale({ saleId }: { saleId: string }) {
  const user = useUser();
  const navigate = useNavigate();
  const saleQuery = useSale(saleId);
  const updateSale = useUpdateSale();

  if (saleQuery.isPending) return <Spinner label="Loading sale..." className="py-24" />;
  if (saleQuery.isError) {
    return (
      <Alert tone="error" title={isNotFound(saleQuery.error) ? 'Sale Not Found' : 'Failed to load sale'}>
        <LinkButton to="/my-sales" variant="secondary" size="sm" className="mt-2">
          Back to My Garage Sales
        </LinkButton>
      </Alert>
    );
  }
  const sale = saleQuery.data;
  if (!user || user.id !== sale.user_id) return <Navigate to="/sales" replace />;

  return (
    <SaleForm
      mode="edit"
      currentSaleId={sale.id}
      initialValues={saleToFormValues(sale)}
      submitLabel="Update Garage Sale"
      submittingLabel="Updating..."
      failureMessage="Failed to update sale"
      cancelTo={`/sales/${sale.id}`}
      onSubmit={async (body) => {
        await updateSale.mutateAsync({ id: sale.id, body });
        navigate(`/sales/${sale.id}`);
      }}
    />
  );
}
