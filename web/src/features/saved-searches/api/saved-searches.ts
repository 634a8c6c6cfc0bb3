import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchFrequency } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { savedSearchKeys } from '@/lib/query-keys';

/** What POST and PUT send (the server applies the defaults and clamps the radius). */
export interface SavedSearchInput {
  name: string;
  q: string;
  category: string | null;
  maxPrice: number | null;
  condition: string | null;
  latitude: number | null;
  longitude: number | null;
  radius: number | null;
  frequency: SavedSearchFrequency;
  emailEnabled: boolean;
}

export function getSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  return api.get<SavedSearch[]>('/api/saved-searches', { signal });
}

export function createSavedSearch(body: SavedSearchInput): Promise<SavedSearch> {
  return api.post<SavedSearch>('/api/saved-searches', body);
}

export function updateSavedSearch({ id, body }: { id: number; body: SavedSearchInput }): Promise<SavedSearch> {
  return api.put<SavedSearch>(`/api/saved-searches/${id}`, body);
}

/** Needs no premium: a lapsed member may still clean up. */
export function deleteSavedSearch(id: number): Promise<void> {
  return api.delete(`/api/saved-searches/${id}`);
}

export const savedSearchesQueryOptions = () =>
  queryOptions({ queryKey: savedSearchKeys.all, queryFn: ({ signal }) => getSavedSearches(signal) });

export function useSavedSearches({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...savedSearchesQueryOptions(), enabled });
}

function useInvalidating<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }) });
}

export const useCreateSavedSearch = () => useInvalidating(createSavedSearch);
export const useUpdateSavedSearch = () => useInvalidating(updateSavedSearch);
export const useDeleteSavedSearch = () => useInvalidating(deleteSavedSearch);
