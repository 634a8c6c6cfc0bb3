import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, signOutForTest } from '@/test/render';
import { LIVE_POLL_MS, useLiveConnected, useLiveUpdates, usePollInterval } from './live-updates';
import { alertKeys, itemKeys, messageKeys, offerKeys, reservationKeys, routePlanKeys, saleKeys, searchKeys } from './query-keys';

/** An EventSource the test drives: what the hook opened, and the server's side of each stream. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  send(type: string, id: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
const mount = () =>
  renderHook(
    () => {
      useLiveUpdates();
      return { connected: useLiveConnected(), poll: usePollInterval(30_000) };
    },
    { wrapper },
  );

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  queryClient = new QueryClient();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  signOutForTest();
});

describe('useLiveUpdates', () => {
  it('opens no stream for a visitor', () => {
    signOutForTest();
    mount();
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it('opens one stream with the token, and polls slower while it is open', () => {
    signInAs(undefined, 'tok-1');
    const { result, unmount } = mount();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0]!.url).toBe('/api/updates?token=tok-1');
    expect(result.current).toEqual({ connected: false, poll: 30_000 });
    act(() => FakeEventSource.opened[0]!.open());
    expect(result.current).toEqual({ connected: true, poll: LIVE_POLL_MS });
    unmount();
    expect(FakeEventSource.opened[0]!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('refetches the conversations on a message or a read, and sets the bell on alerts', async () => {
    signInAs();
    mount();
    const stream = FakeEventSource.opened[0]!;
    act(() => stream.open());
    queryClient.setQueryData(messageKeys.list, { conversations: [] });
    queryClient.setQueryData(alertKeys.unreadCount, { unreadCount: 0 });
    act(() => stream.send('message', '10-0', { kind: 'message', conversationId: 3, messageId: 9 }));
    expect(queryClient.getQueryState(messageKeys.list)?.isInvalidated).toBe(true);
    // Read in another tab: the header's count and the list are asked again.
    queryClient.setQueryData(messageKeys.list, { conversations: [] });
    act(() => stream.send('read', '10-1', { kind: 'read', conversationId: 3, unreadCount: 0 }));
    expect(queryClient.getQueryState(messageKeys.list)?.isInvalidated).toBe(true);
    act(() => stream.send('alerts', '10-2', { kind: 'alerts', unreadCount: 4 }));
    expect(queryClient.getQueryData(alertKeys.unreadCount)).toEqual({ unreadCount: 4 });
  });

  it('refetches the offers, their conversations and the reservations an accept makes on an offer change', () => {
    signInAs();
    mount();
    const stream = FakeEventSource.opened[0]!;
    act(() => stream.open());
    for (const key of [offerKeys.list('buyer'), messageKeys.list, reservationKeys.mine]) queryClient.setQueryData(key, []);
    act(() => stream.send('offer', '11-0', { kind: 'offer', offerId: 4, status: 'countered' }));
    for (const key of [offerKeys.list('buyer'), messageKeys.list, reservationKeys.mine]) {
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    }
  });

  it('refetches the reservations and the items they hold on a reservation change', () => {
    signInAs();
    mount();
    const stream = FakeEventSource.opened[0]!;
    act(() => stream.open());
    const keys = [reservationKeys.mine, reservationKeys.sale(12), itemKeys.detail('77'), searchKeys.results({ q: 'table' })];
    for (const key of keys) queryClient.setQueryData(key, {});
    queryClient.setQueryData(offerKeys.list('buyer'), []);
    act(() => stream.send('reservation', '13-0', { kind: 'reservation', reservationId: 8, itemId: 77, status: 'paid' }));
    for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(offerKeys.list('buyer'))?.isInvalidated).toBe(false);
  });

  it('refetches only what shows a sale when its live state changes', () => {
    signInAs();
    mount();
    const stream = FakeEventSource.opened[0]!;
    act(() => stream.open());
    const sale = (id: number) => ({ id, title: `Sale ${id}`, start_time: '08:00', live_state: null });
    queryClient.setQueryData(saleKeys.detail('5'), sale(5));
    queryClient.setQueryData(saleKeys.detail('6'), sale(6));
    queryClient.setQueryData(saleKeys.list({ city: 'Springfield' }), { sales: [sale(6), sale(5)], total: 2 });
    queryClient.setQueryData(saleKeys.list({ city: 'Shelbyville' }), { sales: [sale(6)], total: 1 });
    queryClient.setQueryData(routePlanKeys.detail('3'), { stops: [{ order: 1, saleId: 5 }] });
    queryClient.setQueryData(searchKeys.results({ q: 'lamp' }), { items: [{ id: 5, title: 'Lamp', sale: sale(6) }] });
    act(() => stream.send('sale', '', { kind: 'sale', saleId: 5, liveState: 'winding_down', liveStateAt: '2026-05-02T16:30:00.000Z' }));
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(saleKeys.detail('5'))).toBe(true);
    expect(invalidated(saleKeys.list({ city: 'Springfield' }))).toBe(true);
    expect(invalidated(routePlanKeys.detail('3'))).toBe(true);
    // Not those of other sales (an item numbered like the sale is not it).
    expect(invalidated(saleKeys.detail('6'))).toBe(false);
    expect(invalidated(saleKeys.list({ city: 'Shelbyville' }))).toBe(false);
    expect(invalidated(searchKeys.results({ q: 'lamp' }))).toBe(false);
  });

  it('leaves reconnecting to EventSource, and opens a new stream after a refusal, resuming after the last update', async () => {
    vi.useFakeTimers();
    signInAs(undefined, 'tok-2');
    const { result } = mount();
    const first = FakeEventSource.opened[0]!;
    act(() => first.open());
    act(() => first.send('alerts', '12-3', { kind: 'alerts', unreadCount: 1 }));
    // A drop: EventSource tries again by itself (with Last-Event-ID); the polls speed up meanwhile.
    act(() => first.fail(false));
    expect(result.current.connected).toBe(false);
    expect(FakeEventSource.opened).toHaveLength(1);
    // A refusal (the token expired): a new stream with the session's token, after the last update.
    signInAs(undefined, 'tok-3');
    act(() => first.fail(true));
    act(() => vi.advanceTimersByTime(5_000));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]!.url).toBe('/api/updates?token=tok-3&lastEventId=12-3');
  });
});
