import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResult } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { searchKeys } from '@/lib/query-keys';

export interface ItemSearchParams {
  q: string;
  category: string;
  maxPrice: string;
  condition: string;
  radius: number;
  latitude?: number;
  longitude?: number;
}

/**
 * GET /api/items/search. An answer that is not a list counts as no results; a failure is logged
 * and shows as an empty list (spec section 8).
 */
export async function searchItems(params: ItemSearchParams, signal?: AbortSignal): Promise<SearchResult[]> {
  try {
    const results = await api.get<unknown>('/api/items/search', { query: { ...params }, signal });
    return Array.isArray(results) ? (results as SearchResult[]) : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to search items', error);
    return [];
  }
}

export const searchItemsQueryOptions = (params: ItemSearchParams) =>
  queryOptions({
    queryKey: searchKeys.results(params),
    queryFn: ({ signal }) => searchItems(params, signal),
  });

/** The search runs only for a non-blank query text. */
export function useSearchItems(params: ItemSearchParams) {
  return useQuery({
    ...searchItemsQueryOptions(params),
    enabled: params.q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
