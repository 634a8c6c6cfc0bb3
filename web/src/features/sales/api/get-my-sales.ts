import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Sale } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { saleKeys } from '@/lib/query-keys';

export function getMySales(signal?: AbortSignal): Promise<Sale[]> {
  return api.get<Sale[]>('/api/sales/my-sales', { signal });
}

export const getMySalesQueryOptions = () => queryOptions({ queryKey: saleKeys.mine, queryFn: ({ signal }) => getMySales(signal) });

export function useMySales() {
  return useQuery(getMySalesQueryOptions());
}
