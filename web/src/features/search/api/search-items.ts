import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { SEARCH_OFFSET_MAX, SEARCH_PAGE_SIZE } from '@garage/contracts/constants';
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
 * GET /api/items/search, one page: `SEARCH_PAGE_SIZE` results after the first `offset`. An answer
 * that is not a list counts as no results; a failure is logged and shows as an empty list (spec
 * section 8).
 */
export async function searchItems(params: ItemSearchParams, offset = 0, signal?: AbortSignal): Promise<SearchResult[]> {
  try {
    const query = { ...params, limit: SEARCH_PAGE_SIZE, ...(offset > 0 ? { offset } : {}) };
    const results = await api.get<unknown>('/api/items/search', { query, signal });
    return Array.isArray(results) ? (results as SearchResult[]) : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to search items', error);
    return [];
  }
}

/**
 * The search runs only for a non-blank query text. The first page is what a screen shows at once
 * (a phone shows a few cards); "Show more" asks for the next, while a full page came back.
 */
export function useSearchItems(params: ItemSearchParams) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(params),
    queryFn: ({ pageParam, signal }) => searchItems(params, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const next = pages.length * SEARCH_PAGE_SIZE;
      return last.length === SEARCH_PAGE_SIZE && next <= SEARCH_OFFSET_MAX ? next : undefined;
    },
    enabled: params.q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
