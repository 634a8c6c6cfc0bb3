import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Item } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { itemKeys } from '@/lib/query-keys';

/** GET /api/items/my-items?includeAll=true: every item of the user, sold and reserved included. */
export function getMyItems(signal?: AbortSignal): Promise<Item[]> {
  return api.get<Item[]>('/api/items/my-items', { query: { includeAll: true }, signal });
}

export const getMyItemsQueryOptions = () => queryOptions({ queryKey: itemKeys.mine, queryFn: ({ signal }) => getMyItems(signal) });

export function useMyItems() {
  return useQuery(getMyItemsQueryOptions());
}
