import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyReservation, Offer, OfferRole } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { usePollInterval } from '@/lib/live-updates';
import { itemKeys, messageKeys, offerKeys, reservationKeys, searchKeys } from '@/lib/query-keys';

/** How often an open Offers screen asks again without the live stream (it tells it at once). */
export const OFFERS_POLL_MS = 30_000;

export type OfferMove = 'accept' | 'decline' | 'counter' | 'withdraw';

/** GET /api/offers: the caller's offers as a shopper (`buyer`) or those on their items (`host`), newest first. */
export function useOffers(role: OfferRole, enabled = true) {
  return useQuery({
    queryKey: offerKeys.list(role),
    queryFn: ({ signal }) => api.get<Offer[]>('/api/offers', { query: { role }, signal }),
    enabled: useSession().status === 'authenticated' && enabled,
    refetchInterval: usePollInterval(OFFERS_POLL_MS),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** The caller's own offers on one item, newest first (the item page shows the one still waiting). */
export function useMyOffersOn(itemId: number, enabled: boolean) {
  return useQuery({
    queryKey: offerKeys.item(itemId),
    queryFn: ({ signal }) => api.get<Offer[]>('/api/offers', { query: { role: 'buyer', itemId }, signal }),
    enabled: useSession().status === 'authenticated' && enabled,
  });
}

/** The shopper's reservations: an accepted offer's pay step and, once paid, its pickup code. */
export function useMyReservationsForOffers(enabled: boolean) {
  return useQuery({
    queryKey: reservationKeys.mine,
    queryFn: ({ signal }) => api.get<MyReservation[]>('/api/reservations/mine', { signal }),
    enabled: useSession().status === 'authenticated' && enabled,
  });
}

/** What an offer's change touches: offers, the conversation it shows in, and an accepted one's item and reservation. */
function useRefreshAfterOffer() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [offerKeys.all, messageKeys.all, reservationKeys.all, itemKeys.all, searchKeys.all]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

/** POST /api/items/{id}/offers: answered `open`, or already `declined` (the floor) or `accepted` (auto-accept). */
export function useMakeOffer(itemId: number) {
  const refresh = useRefreshAfterOffer();
  return useMutation({
    mutationFn: (amount: number) => api.post<Offer>(`/api/items/${itemId}/offers`, { amount }),
    onSettled: refresh,
  });
}

/** Accept, decline, counter (the host, with an amount) or withdraw (the shopper). */
export function useOfferMove(offerId: number) {
  const refresh = useRefreshAfterOffer();
  return useMutation({
    mutationFn: ({ move, amount }: { move: OfferMove; amount?: number }) =>
      api.post<Offer>(`/api/offers/${offerId}/${move}`, move === 'counter' ? { amount } : undefined),
    onSettled: refresh,
  });
}
