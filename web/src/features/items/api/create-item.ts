import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item, ItemCreate } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { itemKeys, saleKeys } from '@/lib/query-keys';

export function createItem(body: ItemCreate): Promise<Item> {
  return api.post<Item>('/api/items', body);
}

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
    },
  });
}
