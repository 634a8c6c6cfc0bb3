import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Sale } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { itemKeys, saleKeys } from '@/lib/query-keys';

/** DELETE /api/sales/{id}: the sale goes, its items stay (free for other sales). */
export function deleteSale(id: number): Promise<void> {
  return api.delete(`/api/sales/${id}`);
}

export function useDeleteSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSale,
    onSuccess: (_data, id) => {
      // Gone from My Garage Sales at once (the host lands there next); the rest is refetched.
      queryClient.setQueryData<Sale[]>(saleKeys.mine, (sales) => sales?.filter((sale) => sale.id !== id));
      queryClient.removeQueries({ queryKey: saleKeys.detail(String(id)) });
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
    },
  });
}
