import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Sale } from '@garage/contracts';
import { api } from '@/lib/api-client';

export function getMySales(signal?: AbortSignal): Promise<Sale[]> {
  return api.get<Sale[]>('/api/sales/my-sales', { signal });
}

export const getMySalesQueryOptions = () => queryOptions({ queryKey: ['sales', 'mine'], queryFn: ({ signal }) => getMySales(signal) });

export function useMySales() {
  return useQuery(getMySalesQueryOptions());
}
