import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HostedReservation, MyReservation, RatingBody, Reservation } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { itemKeys, reservationKeys, searchKeys } from '@/lib/query-keys';

/** GET /api/reservations/mine: the shopper's reservations, newest first. */
export function useMyReservations() {
  return useQuery({
    queryKey: reservationKeys.mine,
    queryFn: ({ signal }) => api.get<MyReservation[]>('/api/reservations/mine', { signal }),
  });
}

/** GET /api/reservations/by-sale/{id}: the host's list for one sale. */
export function useSaleReservations(saleId: number) {
  return useQuery({
    queryKey: reservationKeys.sale(saleId),
    queryFn: ({ signal }) => api.get<HostedReservation[]>(`/api/reservations/by-sale/${saleId}`, { signal }),
  });
}

function useReservationMutation<T, V>(mutationFn: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all });
    },
  });
}

/**
 * The pay step. With the simulated provider (standalone, tests) the server confirms the payment
 * itself; with Stripe the card step (Stripe Elements, `clientSecret`) has charged the card first.
 */
export function usePayReservation() {
  return useReservationMutation((id: number) => api.post<Reservation>(`/api/reservations/${id}/pay`));
}

export function useCancelReservation() {
  return useReservationMutation((id: number) => api.post<Reservation>(`/api/reservations/${id}/cancel`));
}

export function useCollectReservation() {
  return useReservationMutation(({ id, pickupCode }: { id: number; pickupCode: string }) =>
    api.post<HostedReservation>(`/api/reservations/${id}/collect`, { pickupCode }),
  );
}

export function useRateReservation() {
  return useReservationMutation(({ id, rating }: { id: number; rating: RatingBody }) =>
    api.post<{ stars: number }>(`/api/reservations/${id}/rating`, rating),
  );
}

/** The host's payout account and the provider's onboarding page to finish it (Stripe Connect). */
export function usePayoutOnboarding() {
  return useMutation({ mutationFn: () => api.post<{ url: string; accountId: string }>('/api/payouts/onboarding') });
}
