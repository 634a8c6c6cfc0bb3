import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityBody, AvailabilityItem } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { itemKeys } from '@/lib/query-keys';

/**
 * POST /api/items/availability: the host's unsold items, each marked available or not for the
 * sale's dates, hours and place. It reads, so it is a query even though it is a POST.
 */
export function getItemAvailability(body: AvailabilityBody, signal?: AbortSignal): Promise<AvailabilityItem[]> {
  return api.post<AvailabilityItem[]>('/api/items/availability', body, { signal });
}

export const getItemAvailabilityQueryOptions = (body: AvailabilityBody) =>
  queryOptions({
    queryKey: itemKeys.availability(body),
    queryFn: ({ signal }) => getItemAvailability(body, signal),
  });

export function useItemAvailability(body: AvailabilityBody | null) {
  return useQuery({
    ...getItemAvailabilityQueryOptions(body ?? ({} as AvailabilityBody)),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
