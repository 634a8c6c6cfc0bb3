import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { json, mockFetch, renderScreen, signInAs, signOutForTest } from '@/test/render';
import { anAlert } from '@/test/premium-fixtures';
import { UNREAD_POLL_MS } from '../api/alerts';
import { AlertsBell } from './alerts-bell';

const unreadCalls = (calls: Array<{ url: URL }>) => calls.filter((call) => call.url.pathname === '/api/alerts/unread-count').length;

describe('AlertsBell', () => {
  afterEach(() => {
    signOutForTest();
    vi.useRealTimers();
  });

  it('is not shown to visitors and asks nothing', () => {
    const { calls } = mockFetch({});
    renderScreen(<AlertsBell />);
    expect(screen.queryByRole('button', { name: /Alerts/ })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the unread count, and asks again every minute and when the window regains focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs();
    let unread = 2;
    const { calls } = mockFetch({ 'GET /api/alerts/unread-count': () => json({ unreadCount: unread }) });
    renderScreen(<AlertsBell />);
    const bell = await screen.findByRole('button', { name: 'Alerts, 2 unread' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveTextContent('2');
    expect(unreadCalls(calls)).toBe(1);

    unread = 3;
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS));
    expect(await screen.findByRole('button', { name: 'Alerts, 3 unread' })).toBeInTheDocument();
    expect(unreadCalls(calls)).toBe(2);

    unread = 0;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByRole('button', { name: 'Alerts' })).not.toHaveTextContent(/\d/);
    expect(unreadCalls(calls)).toBe(3);
    focusManager.setFocused(undefined);
  });

  it('opens a panel of recent alerts whose links mark them read; Escape closes it', async () => {
    signInAs();
    const { calls } = mockFetch({
      'GET /api/alerts/unread-count': () => json({ unreadCount: 1 }),
      'GET /api/alerts': () =>
        json({
          alerts: [
            anAlert({ id: 5 }),
            anAlert({
              id: 4,
              createdAt: '2020-05-02T12:00:00Z',
              kind: 'sale_deleted',
              title: 'Sale deleted: Oak Avenue Sale',
              message: 'The host deleted it.',
              link: null,
              read: true,
            }),
          ],
          unreadCount: 1,
          nextBefore: null,
        }),
      'POST /api/alerts/5/read': () => json(anAlert({ id: 5, read: true })),
    });
    const { router } = renderScreen(<AlertsBell />, { path: '/', routes: [{ path: '/items/:id', element: <p>Item page</p> }] });
    const bell = await screen.findByRole('button', { name: 'Alerts, 1 unread' });
    await userEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Alerts' });
    const link = await within(panel).findByRole('link', { name: /^Unread:\s*New match for "Lamps": Brass Floor Lamp$/ });
    expect(link).toHaveAttribute('href', '/items/100');
    expect(within(panel).getByText('5 min ago')).toBeInTheDocument();
    expect(within(panel).getByText('May 2, 2020')).toBeInTheDocument();
    // A deleted sale's alert has nowhere to lead.
    expect(within(panel).getByText('Sale deleted: Oak Avenue Sale').closest('a')).toBeNull();
    expect(within(panel).getByRole('link', { name: 'See all alerts' })).toHaveAttribute('href', '/alerts');
    expect(calls.find((call) => call.url.pathname === '/api/alerts')!.url.searchParams.get('limit')).toBe('8');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Alerts' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('link', { name: /Brass Floor Lamp/ }));
    expect(router.state.location.pathname).toBe('/items/100');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/alerts/5/read')).toBe(true));
  });

  it('marks all read from the panel, and the count goes away', async () => {
    signInAs();
    let unread = 4;
    const { calls } = mockFetch({
      'GET /api/alerts/unread-count': () => json({ unreadCount: unread }),
      'GET /api/alerts': () => json({ alerts: [anAlert()], unreadCount: unread, nextBefore: null }),
      'POST /api/alerts/read-all': () => {
        unread = 0;
        return json({ updated: 4, unreadCount: 0 });
      },
    });
    renderScreen(<AlertsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Alerts, 4 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Alerts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(calls.filter((call) => call.url.pathname === '/api/alerts/read-all')).toHaveLength(1);
  });

  it('says when there are no alerts yet', async () => {
    signInAs();
    mockFetch({
      'GET /api/alerts/unread-count': () => json({ unreadCount: 0 }),
      'GET /api/alerts': () => json({ alerts: [], unreadCount: 0, nextBefore: null }),
    });
    renderScreen(<AlertsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Alerts' }));
    expect(await screen.findByText(/No alerts yet/)).toBeInTheDocument();
  });
});
