import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item, ItemUpdate } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { itemKeys, saleKeys } from '@/lib/query-keys';

export function updateItem(id: number, body: ItemUpdate): Promise<Item> {
  return api.put<Item>(`/api/items/${id}`, body);
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ItemUpdate }) => updateItem(id, body),
    onSuccess: (item) => {
      queryClient.setQueryData(itemKeys.detail(String(item.id)), item);
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
    },
  });
}
