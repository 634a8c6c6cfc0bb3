import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import { SelectField } from '@/components/ui/field';
import { useCreateItem } from '../api/create-item';
import { useMyActiveSales } from '../api/get-my-active-sales';
import { emptyItemForm, validateNewItem, type ItemFormValues } from '../utils/item-form-values';
import { ItemForm } from './item-form';

function SaleChoice({ values, set }: { values: ItemFormValues; set: (next: Partial<ItemFormValues>) => void }) {
  const sales = useMyActiveSales();
  return (
    <SelectField
      label="Garage Sale"
      value={values.garageSaleId === null ? '' : String(values.garageSaleId)}
      onChange={(event) => set({ garageSaleId: event.target.value ? Number(event.target.value) : null })}
      disabled={sales.isPending}
      hint="Standalone items do not appear in searches until they are assigned to an active sale."
    >
      <option value="">No sale yet (standalone item)</option>
      {(sales.data ?? []).map((sale) => (
        <option key={sale.id} value={sale.id}>
          {sale.title} ({formatShortDate(sale.start_date)})
        </option>
      ))}
    </SelectField>
  );
}

/** /sales/{saleId}/add-item (into that sale) and /create-item (standalone or into a chosen sale). */
export function AddItem({ saleId }: { saleId: number | null }) {
  const navigate = useNavigate();
  const createItem = useCreateItem();
  const backTo = saleId === null ? '/my-items' : `/sales/${saleId}`;

  return (
    <ItemForm
      initialValues={emptyItemForm(saleId)}
      validate={validateNewItem}
      submitLabel="Add Item"
      submittingLabel="Adding Item..."
      cancelTo={backTo}
      saleField={saleId === null ? (values, set) => <SaleChoice values={values} set={set} /> : undefined}
      onSubmit={async (body) => {
        try {
          await createItem.mutateAsync(body);
        } catch (error) {
          window.alert(errorMessage(error, 'Failed to create item'));
          throw error;
        }
        navigate(body.garageSaleId === null ? '/my-items' : `/sales/${body.garageSaleId}`);
      }}
    />
  );
}
