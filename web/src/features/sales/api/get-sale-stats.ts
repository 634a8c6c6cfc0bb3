import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SaleStats } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { saleKeys } from '@/lib/query-keys';

export function getSaleStats(id: number, signal?: AbortSignal): Promise<SaleStats> {
  return api.get<SaleStats>(`/api/sales/${id}/stats`, { signal });
}

export const getSaleStatsQueryOptions = (id: number) =>
  queryOptions({ queryKey: saleKeys.stats(id), queryFn: ({ signal }) => getSaleStats(id, signal) });

export function useSaleStats(id: number) {
  return useQuery(getSaleStatsQueryOptions(id));
}
