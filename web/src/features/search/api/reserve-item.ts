import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Item, Reservation } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { itemKeys, reservationKeys, searchKeys } from '@/lib/query-keys';

/** The reserved item, and the reservation it opened (paid next, in My Reservations). */
export function reserveItem(id: number): Promise<Item & { reservation?: Reservation }> {
  return api.post<Item & { reservation?: Reservation }>(`/api/items/${id}/reserve`);
}

/** A premium reservation; afterwards the search runs again. A failure is only logged (spec 8). */
export function useReserveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reserveItem,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: searchKeys.all });
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
      void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
    },
    onError: (error) => console.error('Failed to reserve item', error),
  });
}
