import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Item, Sale } from '@garage/contracts';
import { api, requireRecordId } from '@/lib/api-client';
import { saleKeys } from '@/lib/query-keys';

export type SaleWithItems = Sale & { items: Item[] };

export async function getSale(id: string, signal?: AbortSignal): Promise<SaleWithItems> {
  await requireRecordId(id, 'Sale not found');
  return api.get<SaleWithItems>(`/api/sales/${encodeURIComponent(id)}`, { signal });
}

export const getSaleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: saleKeys.detail(id),
    queryFn: ({ signal }) => getSale(id, signal),
  });

export function useSale(id: string) {
  return useQuery(getSaleQueryOptions(id));
}
