import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertList, AlertSettings } from '@garage/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { usePollInterval } from '@/lib/live-updates';
import { alertKeys } from '@/lib/query-keys';

/** How often the bell asks for the unread count (and again whenever the window regains focus). */
export const UNREAD_POLL_MS = 60_000;
/** Alerts the bell's panel shows; the rest are on /alerts. */
export const RECENT_ALERTS = 8;
const PAGE_SIZE = 20;

export function getUnreadCount(signal?: AbortSignal): Promise<{ unreadCount: number }> {
  return api.get<{ unreadCount: number }>('/api/alerts/unread-count', { signal });
}

export function getAlerts(
  { limit, before, unread }: { limit: number; before?: number; unread?: boolean },
  signal?: AbortSignal,
): Promise<AlertList> {
  return api.get<AlertList>('/api/alerts', { query: { limit, before, unread: unread ? 'true' : undefined }, signal });
}

export function markAlertRead(id: number): Promise<Alert> {
  return api.post<Alert>(`/api/alerts/${id}/read`);
}

export function markAllAlertsRead(): Promise<{ updated: number; unreadCount: number }> {
  return api.post<{ updated: number; unreadCount: number }>('/api/alerts/read-all');
}

export function getAlertSettings(signal?: AbortSignal): Promise<AlertSettings> {
  return api.get<AlertSettings>('/api/alerts/settings', { signal });
}

export function updateAlertSettings(body: AlertSettings): Promise<AlertSettings> {
  return api.put<AlertSettings>('/api/alerts/settings', body);
}

function useSignedIn(): boolean {
  return useSession().status === 'authenticated';
}

/** The bell's number: polled every minute (every five while the live stream is open) and on focus while signed in. */
export function useUnreadCount() {
  return useQuery({
    queryKey: alertKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled: useSignedIn(),
    refetchInterval: usePollInterval(UNREAD_POLL_MS),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** The newest alerts, for the bell's panel: fetched each time it opens. */
export function useRecentAlerts({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: alertKeys.recent,
    queryFn: ({ signal }) => getAlerts({ limit: RECENT_ALERTS }, signal),
    enabled: useSignedIn() && enabled,
    staleTime: 0,
  });
}

/** /alerts: pages of 20, older ones through `before` (the server's `nextBefore`). */
export function useAlertPages(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: alertKeys.list(unreadOnly),
    queryFn: ({ pageParam, signal }) => getAlerts({ limit: PAGE_SIZE, before: pageParam, unread: unreadOnly }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled: useSignedIn(),
    staleTime: 0,
  });
}

export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAlertRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useMarkAllAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllAlertsRead,
    onSuccess: () => {
      queryClient.setQueryData(alertKeys.unreadCount, { unreadCount: 0 });
      void queryClient.invalidateQueries({ queryKey: alertKeys.all });
    },
  });
}

export function useAlertSettings() {
  return useQuery({ queryKey: alertKeys.settings, queryFn: ({ signal }) => getAlertSettings(signal), enabled: useSignedIn() });
}

export function useUpdateAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertSettings,
    onSuccess: (settings) => queryClient.setQueryData(alertKeys.settings, settings),
  });
}
