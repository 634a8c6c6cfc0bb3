import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Sale } from '@garage/contracts';
import { greatCircleMiles, roundMiles, type GeoPoint } from '@garage/contracts/geo';
import { api } from '@/lib/api-client';
import { saleKeys } from '@/lib/query-keys';

export interface SaleFilters {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  radius: number;
  /** Only sales that take this payment method ('' for any). */
  paymentMethod?: string;
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
    queryKey: saleKeys.list(search),
    queryFn: ({ signal }) => getSales(search, signal),
  });

export function useSales(search: SaleSearch, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSalesQueryOptions(search), enabled, placeholderData: keepPreviousData });
}

/** How many of the nearest sales are offered when none is within the radius. */
export const NEAREST_SALES = 3;

/**
 * The sales nearest to `from` whatever the distance, for when none is within the radius: the
 * same window without a location (every upcoming sale, soonest first), measured and sorted here.
 */
export function nearestSales(sales: Sale[], from: GeoPoint, count = NEAREST_SALES): Sale[] {
  return sales
    .filter((sale) => sale.latitude !== null && sale.longitude !== null)
    .map((sale) => {
      const miles = greatCircleMiles(from, { latitude: sale.latitude!, longitude: sale.longitude! });
      return { ...sale, distance: roundMiles(miles) };
    })
    .sort((a, b) => a.distance - b.distance)
    .slice(0, count);
}

export function useNearestSales(filters: SaleFilters, from: GeoPoint | null, { enabled }: { enabled: boolean }) {
  const { startDate, endDate, startTime, endTime, paymentMethod } = filters;
  return useQuery({
    queryKey: saleKeys.nearest({ startDate, endDate, startTime, endTime, paymentMethod }, from),
    queryFn: async ({ signal }) =>
      nearestSales(await getSales({ startDate, endDate, startTime, endTime, paymentMethod, radius: filters.radius }, signal), from!),
    enabled: enabled && from !== null,
  });
}
