import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavoriteIds, Favorites, FavoriteSaved } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { favoriteKeys } from '@/lib/query-keys';

export type FavoriteKind = 'sale' | 'item';

/** GET /api/favorites/ids: one small call tells every heart on the page whether it is filled. */
export function getFavoriteIds(signal?: AbortSignal): Promise<FavoriteIds> {
  return api.get<FavoriteIds>('/api/favorites/ids', { signal });
}

/** GET /api/favorites: the Saved page (sales and items, newest saved first). */
export function getFavorites(signal?: AbortSignal): Promise<Favorites> {
  return api.get<Favorites>('/api/favorites', { signal });
}

/** POST to save (201, or 200 when it already was), DELETE to remove (204 either way). */
export function setFavorite({ kind, id, saved }: { kind: FavoriteKind; id: number; saved: boolean }): Promise<FavoriteSaved | void> {
  const path = `/api/favorites/${kind === 'sale' ? 'sales' : 'items'}/${id}`;
  return saved ? api.post<FavoriteSaved>(path) : api.delete(path);
}

export const favoriteIdsQueryOptions = () =>
  queryOptions({ queryKey: favoriteKeys.ids, queryFn: ({ signal }) => getFavoriteIds(signal), staleTime: 60_000 });

export const favoritesQueryOptions = () => queryOptions({ queryKey: favoriteKeys.list, queryFn: ({ signal }) => getFavorites(signal) });

/** Only a confirmed session asks: visitors have no favourites, and a stale token is checked first. */
function useSignedIn(): boolean {
  return useSession().status === 'authenticated';
}

export function useFavoriteIds() {
  return useQuery({ ...favoriteIdsQueryOptions(), enabled: useSignedIn() });
}

export function useFavorites() {
  return useQuery({ ...favoritesQueryOptions(), enabled: useSignedIn() });
}

function withId(ids: number[], id: number, saved: boolean): number[] {
  const rest = ids.filter((value) => value !== id);
  return saved ? [id, ...rest] : rest;
}

/**
 * Saves or removes a favourite. The hearts change at once (optimistic update of the ids) and go
 * back if the server refuses; the Saved page is refetched afterwards either way.
 */
export function useSetFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavorite,
    onMutate: async ({ kind, id, saved }) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.ids });
      const previous = queryClient.getQueryData<FavoriteIds>(favoriteKeys.ids);
      const base = previous ?? { saleIds: [], itemIds: [] };
      queryClient.setQueryData<FavoriteIds>(
        favoriteKeys.ids,
        kind === 'sale' ? { ...base, saleIds: withId(base.saleIds, id, saved) } : { ...base, itemIds: withId(base.itemIds, id, saved) },
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      queryClient.setQueryData(favoriteKeys.ids, context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });
}
