import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckInBody, CheckInResult, Sale, SaidLiveState } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { saleKeys } from '@/lib/query-keys';

export function setLiveStatus(id: number, state: SaidLiveState): Promise<Sale> {
  return api.put<Sale>(`/api/sales/${id}/live-status`, { state });
}

export function checkIn(id: number, body: CheckInBody): Promise<CheckInResult> {
  return api.post<CheckInResult>(`/api/sales/${id}/check-ins`, body);
}

/** Every list and page that shows the sale reads its new live state. */
function useRefreshSales() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: saleKeys.all });
}

export function useSetLiveStatus(id: number) {
  const refresh = useRefreshSales();
  return useMutation({ mutationFn: (state: SaidLiveState) => setLiveStatus(id, state), onSuccess: refresh });
}

export function useCheckIn(id: number) {
  const refresh = useRefreshSales();
  return useMutation({ mutationFn: (body: CheckInBody) => checkIn(id, body), onSuccess: refresh });
}
