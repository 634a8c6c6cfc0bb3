import type { ConfirmSubscriptionResponse, SubscribeResponse } from '@garage/contracts';
import { api } from '@/lib/api-client';

/** POST /api/payments/subscribe: a payment intent for one year of premium. */
export function startSubscription(): Promise<SubscribeResponse> {
  return api.post<SubscribeResponse>('/api/payments/subscribe');
}

/** POST /api/payments/confirm-subscription: the server checks the intent succeeded, then extends premium. */
export function confirmSubscription(paymentIntentId: string): Promise<ConfirmSubscriptionResponse> {
  return api.post<ConfirmSubscriptionResponse>('/api/payments/confirm-subscription', { paymentIntentId });
}
