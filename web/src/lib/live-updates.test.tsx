import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, signOutForTest } from '@/test/render';
import { LIVE_POLL_MS, useLiveConnected, useLiveUpdates, usePollInterval } from './live-updates';
import { alertKeys, messageKeys, offerKeys, reservationKeys } from './query-keys';

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
