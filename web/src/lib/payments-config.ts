import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfig } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { paymentKeys } from './query-keys';

/** GET /api/payments/config: which card step to show (Stripe Elements or the test-mode step). */
export function getPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  return api.get<PaymentsConfig>('/api/payments/config', { signal });
}

export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.config, queryFn: ({ signal }) => getPaymentsConfig(signal), staleTime: Infinity });

/** Shared by every pay step: memberships and reservations use the same provider. */
export function usePaymentsConfig({ enabled }: { enabled: boolean }) {
  return useQuery({ ...paymentsConfigQueryOptions(), enabled });
}
