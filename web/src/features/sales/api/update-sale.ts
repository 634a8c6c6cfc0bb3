import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sale, SaleUpdate } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { itemKeys, saleKeys } from '@/lib/query-keys';

export function updateSale(id: number, body: SaleUpdate): Promise<Sale> {
  return api.put<Sale>(`/api/sales/${id}`, body);
}

export function useUpdateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SaleUpdate }) => updateSale(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
    },
  });
}
