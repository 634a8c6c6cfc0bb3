import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignItemsBody, Sale, SaleForm } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { itemKeys, saleKeys } from '@/lib/query-keys';

export function createSale(body: SaleForm): Promise<Sale> {
  return api.post<Sale>('/api/sales', body);
}

export function assignItems(body: AssignItemsBody): Promise<{ assigned: number }> {
  return api.post<{ assigned: number }>('/api/sales/assign-items', body);
}

/**
 * Creates the sale, then assigns the chosen items. The sale exists either way, so a failed
 * assignment is only logged and the host still goes to the new sale (spec section 4).
 */
export async function createSaleWithItems(body: SaleForm, itemIds: number[]): Promise<Sale> {
  const sale = await createSale(body);
  if (itemIds.length > 0) {
    try {
      await assignItems({ saleId: sale.id, itemIds });
    } catch (error) {
      console.error('Failed to assign items to the new sale', error);
    }
  }
  return sale;
}

export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, itemIds }: { body: SaleForm; itemIds: number[] }) => createSaleWithItems(body, itemIds),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
    },
  });
}
