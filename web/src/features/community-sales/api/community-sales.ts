import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SEARCH_PAGE_MAX } from '@garage/contracts/constants';
import type { CommunitySale, CommunitySaleBody, CommunitySaleEntry, CommunitySaleFollow, SearchResult } from '@garage/contracts';
import { api, requireRecordId } from '@/lib/api-client';
import { communitySaleKeys, saleKeys } from '@/lib/query-keys';

/** One numbered sale, with its unsold items' categories. */
export type Entry = CommunitySaleEntry;

/** What the form sends: the contract's body before defaults. */
export type CommunitySaleRequest = Omit<CommunitySaleBody, 'requiresApproval'> & { requiresApproval?: boolean };

export interface CommunitySaleSearch {
  latitude?: number;
  longitude?: number;
  radius?: number;
  startDate?: string;
  endDate?: string;
  saleId?: number;
}

const path = (id: string | number) => `/api/community-sales/${encodeURIComponent(String(id))}`;

export async function getCommunitySale(id: string, signal?: AbortSignal): Promise<CommunitySale> {
  await requireRecordId(id, 'Community sale not found');
  return api.get<CommunitySale>(path(id), { signal });
}

export async function getEntries(id: string, signal?: AbortSignal): Promise<Entry[]> {
  await requireRecordId(id, 'Community sale not found');
  return api.get<Entry[]>(`${path(id)}/sales`, { signal });
}

/** GET /api/community-sales. A strip on a page that fails to load shows nothing and is only logged. */
export async function listCommunitySales(search: CommunitySaleSearch, signal?: AbortSignal): Promise<CommunitySale[]> {
  const answer = await api.get<CommunitySale[]>('/api/community-sales', { query: { ...search }, signal });
  return Array.isArray(answer) ? answer : [];
}

/** The items of this community sale's approved sales that match `q` (one page, the most the API gives). */
export async function searchCommunitySaleItems(id: string, q: string, signal?: AbortSignal): Promise<SearchResult[]> {
  const answer = await api.get<SearchResult[]>('/api/items/search', { query: { q, communitySaleId: id, limit: SEARCH_PAGE_MAX }, signal });
  return Array.isArray(answer) ? answer : [];
}

export const printPath = (id: number) => `${path(id)}/print.pdf`;

export const communitySaleQueryOptions = (id: string) =>
  queryOptions({ queryKey: communitySaleKeys.detail(id), queryFn: ({ signal }) => getCommunitySale(id, signal) });

export const entriesQueryOptions = (id: string) =>
  queryOptions({ queryKey: communitySaleKeys.entries(id), queryFn: ({ signal }) => getEntries(id, signal) });

export function useCommunitySale(id: string) {
  return useQuery(communitySaleQueryOptions(id));
}

export function useEntries(id: string) {
  return useQuery(entriesQueryOptions(id));
}

export function useCommunitySales(search: CommunitySaleSearch, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: communitySaleKeys.list(search),
    queryFn: ({ signal }) => listCommunitySales(search, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The community sales a host's sale fits, by place and dates (`saleId`). */
export function useFittingCommunitySales(saleId: number) {
  return useQuery({
    queryKey: communitySaleKeys.fitting(saleId),
    queryFn: ({ signal }) => listCommunitySales({ saleId }, signal),
  });
}

export function useCommunitySaleItemSearch(id: string, q: string) {
  return useQuery({
    queryKey: communitySaleKeys.search(id, q),
    queryFn: ({ signal }) => searchCommunitySaleItems(id, q, signal),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

/** After a change to one community sale: it, its list of sales and every list of them. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (communitySale: CommunitySale | number) => {
    const id = typeof communitySale === 'number' ? communitySale : communitySale.id;
    if (typeof communitySale !== 'number') queryClient.setQueryData(communitySaleKeys.detail(String(id)), communitySale);
    void queryClient.invalidateQueries({ queryKey: communitySaleKeys.all });
  };
}

export function useSaveCommunitySale() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CommunitySaleRequest }) =>
      id === undefined ? api.post<CommunitySale>('/api/community-sales', body) : api.put<CommunitySale>(path(id), body),
    onSuccess: refresh,
  });
}

export function useOrganizerAction(action: 'cancel' | 'rain-date') {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post<CommunitySale>(`${path(id)}/${action}`),
    onSuccess: (communitySale) => {
      refresh(communitySale);
      // A move to the rain date moved its sales' dates too.
      void queryClient.invalidateQueries({ queryKey: saleKeys.all });
    },
  });
}

export function useApproveSale() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, saleId }: { id: number; saleId: number }) => api.post<CommunitySaleEntry>(`${path(id)}/sales/${saleId}/approve`),
    onSuccess: (_entry, { id }) => refresh(id),
  });
}

/** The host leaves with their sale, or the organiser removes it. */
export function useRemoveSale() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, saleId }: { id: number; saleId: number }) => api.delete(`${path(id)}/sales/${saleId}`),
    onSuccess: (_result, { id }) => refresh(id),
  });
}

export function useJoinCommunitySale() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, saleId }: { id: number; saleId: number }) => api.post<CommunitySaleEntry>(`${path(id)}/sales`, { saleId }),
    onSuccess: (_entry, { id }) => refresh(id),
  });
}

/**
 * Follow and unfollow, and whether the signed-in shopper follows it (shopper's
 * `GET …/follow`, so every device agrees). A visitor asks nothing.
 */
export function useFollow(id: number, userId: number | null) {
  const queryClient = useQueryClient();
  const key = communitySaleKeys.following(String(id), userId);
  const query = useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<CommunitySaleFollow>(`${path(id)}/follow`)).following,
    enabled: userId !== null,
  });
  const mutation = useMutation({
    mutationFn: async (follow: boolean) => {
      if (follow) return (await api.post<CommunitySaleFollow>(`${path(id)}/follow`)).following;
      await api.delete(`${path(id)}/follow`);
      return false;
    },
    onSuccess: (now) => queryClient.setQueryData(key, now),
  });
  return { following: userId !== null && query.data === true, mutation };
}
