import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfirmSubscriptionResponse, PaymentsConfig, SubscribeResponse } from '@garage/contracts';
import { api } from '@/lib/api-client';

/** POST /api/payments/subscribe: a payment intent for one year of premium. */
export function startSubscription(): Promise<SubscribeResponse> {
  return api.post<SubscribeResponse>('/api/payments/subscribe');
}

/** POST /api/payments/confirm-subscription: the server checks the intent succeeded, then extends premium. */
export function confirmSubscription(paymentIntentId: string): Promise<ConfirmSubscriptionResponse> {
  return api.post<ConfirmSubscriptionResponse>('/api/payments/confirm-subscription', { paymentIntentId });
}

/** GET /api/payments/config: which card step to show (Stripe Elements or the test-mode step). */
export function getPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  return api.get<PaymentsConfig>('/api/payments/config', { signal });
}

export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: ['payments', 'config'], queryFn: ({ signal }) => getPaymentsConfig(signal), staleTime: Infinity });

export function usePaymentsConfig({ enabled }: { enabled: boolean }) {
  return useQuery({ ...paymentsConfigQueryOptions(), enabled });
}
