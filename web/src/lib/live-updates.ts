import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveUpdate, LiveUpdateKind } from '@garage/contracts';
import { buildUrl } from './api-client';
import { sessionStore, useSession } from './auth';
import {
  alertKeys,
  communitySaleKeys,
  itemKeys,
  messageKeys,
  offerKeys,
  reservationKeys,
  routePlanKeys,
  saleKeys,
  searchKeys,
} from './query-keys';

/**
 * The signed-in tab's live updates (`GET /api/updates`, decisions 0210-0213): one EventSource per
 * tab, opened by `useLiveUpdates` in the app's provider. A `message` (or a `read` in another tab)
 * refetches the conversations; an `offer` refetches the offers (and what an accept reserves, and the
 * conversation it shows in); an `alerts` sets the bell's count; a `reservation` refetches the
 * reservations and the items they hold; a `sale` (every tab hears it, decision 0276) refetches what
 * shows that sale's live state. The polls stay as the fallback, slower while the stream is open.
 */

/**
 * The kinds this page listens for, by name. Written out rather than imported: a value from
 * @garage/contracts would bring its schemas into the first bundle, which every page loads.
 */
const KINDS: readonly LiveUpdateKind[] = ['message', 'read', 'offer', 'alerts', 'reservation', 'sale'];

/** How often the messages and the bell poll while the stream is open (it tells them sooner). */
export const LIVE_POLL_MS = 5 * 60_000;
/** After a refusal (an expired token), the stream is opened again this long after, then longer. */
const REOPEN_MS = 5_000;
const REOPEN_MOST_MS = 60_000;

let connected = false;
const listeners = new Set<() => void>();
function setConnected(next: boolean) {
  if (next === connected) return;
  connected = next;
  listeners.forEach((listener) => listener());
}

/** Whether this tab's stream is open now. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connected,
    () => false,
  );
}

/** The poll interval of a query the stream also refreshes: `normal` without it, LIVE_POLL_MS with it. */
export function usePollInterval(normal: number): number {
  return useLiveConnected() ? Math.max(normal, LIVE_POLL_MS) : normal;
}

/** Where a sale's live state shows: its page, the browse lists and map, route plans, items' sales, community sales. */
const SALE_SHOWN_UNDER: readonly string[] = [
  saleKeys.all[0],
  searchKeys.all[0],
  routePlanKeys.all[0],
  itemKeys.all[0],
  communitySaleKeys.all[0],
];

/**
 * Whether cached data shows sale `saleId`: a sale object (`id` with its hours) or a route stop
 * (`saleId`), however deep in a list or page. Every tab hears every sale's change, so only those
 * showing it are asked again, not every list.
 */
export function showsSale(value: unknown, saleId: number, depth = 0): boolean {
  if (depth > 6 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((each) => showsSale(each, saleId, depth + 1));
  const record = value as Record<string, unknown>;
  if (record.saleId === saleId || (record.id === saleId && 'start_time' in record)) return true;
  return Object.values(record).some((each) => showsSale(each, saleId, depth + 1));
}

function apply(queryClient: QueryClient, update: LiveUpdate): void {
  if (update.kind === 'message' || update.kind === 'read') {
    void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  } else if (update.kind === 'offer') {
    for (const queryKey of [offerKeys.all, messageKeys.all, reservationKeys.all, itemKeys.all])
      void queryClient.invalidateQueries({ queryKey });
  } else if (update.kind === 'reservation') {
    for (const queryKey of [reservationKeys.all, itemKeys.all, searchKeys.all]) void queryClient.invalidateQueries({ queryKey });
  } else if (update.kind === 'sale') {
    const detail = saleKeys.detail(String(update.saleId));
    void queryClient.invalidateQueries({
      predicate: ({ queryKey, state }) =>
        SALE_SHOWN_UNDER.includes(String(queryKey[0])) &&
        ((queryKey[1] === detail[1] && queryKey[2] === detail[2]) || showsSale(state.data, update.saleId)),
    });
  } else {
    queryClient.setQueryData(alertKeys.unreadCount, { unreadCount: update.unreadCount });
    void queryClient.invalidateQueries({ queryKey: alertKeys.recent });
    void queryClient.invalidateQueries({ queryKey: [...alertKeys.all, 'list'] });
  }
}

/** Opens this tab's stream while signed in; EventSource reconnects by itself and sends Last-Event-ID. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const signedIn = useSession().status === 'authenticated';
  const userId = useSession().user?.id ?? null;

  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastEventId = '';
    let opened = 0;
    let wait = REOPEN_MS;

    const open = () => {
      // The token of the moment (a reopened stream after a refusal takes a renewed one); never logged.
      const token = sessionStore.get().token;
      if (!token) return;
      const stream = new EventSource(buildUrl('/api/updates', { token, lastEventId }));
      source = stream;
      stream.onopen = () => {
        setConnected(true);
        wait = REOPEN_MS;
        // Back after a drop: what the polls would have fetched meanwhile, asked once.
        if ((opened += 1) > 1) {
          void queryClient.invalidateQueries({ queryKey: messageKeys.all });
          void queryClient.invalidateQueries({ queryKey: offerKeys.all });
          void queryClient.invalidateQueries({ queryKey: alertKeys.unreadCount });
          void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
          // Sales' live states are not resumed (no stream position): what is on screen is asked again.
          void queryClient.invalidateQueries({ queryKey: saleKeys.all, refetchType: 'active' });
          void queryClient.invalidateQueries({ queryKey: routePlanKeys.all, refetchType: 'active' });
        }
      };
      const heard = (event: MessageEvent<string>) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        try {
          apply(queryClient, JSON.parse(event.data) as LiveUpdate);
        } catch {
          /* not an update this page knows */
        }
      };
      for (const kind of KINDS) stream.addEventListener(kind, heard);
      stream.onerror = () => {
        setConnected(false);
        // CONNECTING: EventSource retries by itself. CLOSED: it gave up (a refusal); open a new one.
        if (stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        timer = setTimeout(open, wait);
        wait = Math.min(wait * 2, REOPEN_MOST_MS);
      };
    };
    open();
    return () => {
      clearTimeout(timer);
      source?.close();
      setConnected(false);
    };
  }, [signedIn, userId, queryClient]);
}
