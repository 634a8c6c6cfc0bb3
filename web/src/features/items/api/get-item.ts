import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Item } from '@garage/contracts';
import { api, requireRecordId } from '@/lib/api-client';
import { itemKeys } from '@/lib/query-keys';

export async function getItem(id: string, signal?: AbortSignal): Promise<Item> {
  await requireRecordId(id, 'Item not found');
  return api.get<Item>(`/api/items/${encodeURIComponent(id)}`, { signal });
}

export const getItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: itemKeys.detail(id), queryFn: ({ signal }) => getItem(id, signal) });

export function useItem(id: string) {
  return useQuery(getItemQueryOptions(id));
}
