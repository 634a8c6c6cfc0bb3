import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { itemKeys, saleKeys } from '@/lib/query-keys';

export function deleteItem(id: number): Promise<void> {
  return api.delete(`/api/items/${id}`);
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: (_data, id) => {
      // Gone from My Items at once; the rest is refetched.
      queryClient.setQueryData<Item[]>(itemKeys.mine, (items) => items?.filter((item) => item.id !== id));
      queryClient.removeQueries({ queryKey: itemKeys.detail(String(id)) });
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
    },
  });
}
