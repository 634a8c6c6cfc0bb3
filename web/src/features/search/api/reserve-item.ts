import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item } from '@garage/contracts';
import { api } from '@/lib/api-client';

export function reserveItem(id: number): Promise<Item> {
  return api.post<Item>(`/api/items/${id}/reserve`);
}

/** A premium reservation; afterwards the search runs again. A failure is only logged (spec 8). */
export function useReserveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reserveItem,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['search'] });
      void queryClient.invalidateQueries({ queryKey: ['items'] });
    },
    onError: (error) => console.error('Failed to reserve item', error),
  });
}
