import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Sale } from '@garage/contracts';
import { api } from '@/lib/api-client';

export interface SaleFilters {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  radius: number;
}

export interface SaleSearch extends SaleFilters {
  latitude?: number;
  longitude?: number;
}

/** GET /api/sales. A failed fetch shows an empty list and is only logged (spec section 8). */
export async function getSales(search: SaleSearch, signal?: AbortSignal): Promise<Sale[]> {
  try {
    const sales = await api.get<Sale[]>('/api/sales', { query: { ...search }, signal });
    return Array.isArray(sales) ? sales : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to fetch sales', error);
    return [];
  }
}

export const getSalesQueryOptions = (search: SaleSearch) =>
  queryOptions({
    queryKey: ['sales', 'list', search],
    queryFn: ({ signal }) => getSales(search, signal),
  });

export function useSales(search: SaleSearch, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSalesQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
