import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderScreen, signInAs, signOutForTest } from '@/test/render';
import { anAlert } from '@/test/premium-fixtures';
import { AlertsPage } from './alerts-page';

describe('Alerts page', () => {
  afterEach(() => signOutForTest());

  it('pages to older alerts, filters unread ones, and saves the email setting', async () => {
    signInAs();
    const { calls } = mockFetch({
      'GET /api/alerts/unread-count': () => json({ unreadCount: 1 }),
      'GET /api/alerts': ({ url }) => {
        if (url.searchParams.get('unread') === 'true') return json({ alerts: [anAlert({ id: 9 })], unreadCount: 1, nextBefore: null });
        if (url.searchParams.get('before') === '8')
          return json({ alerts: [anAlert({ id: 7, title: 'Older alert', read: true })], unreadCount: 1, nextBefore: null });
        return json({
          alerts: [
            anAlert({ id: 9 }),
            anAlert({
              id: 8,
              kind: 'sale_changed',
              title: 'Hours changed: Maple Street Moving Sale',
              message: 'Hours changed from 8:00 AM – 4:00 PM to 9:00 AM – 1:00 PM',
              link: '/sales/1',
              read: true,
            }),
          ],
          unreadCount: 1,
          nextBefore: 8,
        });
      },
      'GET /api/alerts/settings': () => json({ saleUpdateEmails: true, dropOutEmails: false }),
      'PUT /api/alerts/settings': ({ body }) => json(body),
    });
    renderScreen(<AlertsPage />, { path: '/alerts' });
    const list = await screen.findByRole('list', { name: 'Alerts' });
    expect(within(list).getByRole('link', { name: 'Hours changed: Maple Street Moving Sale' })).toHaveAttribute('href', '/sales/1');
    expect(within(list).getByText(/to 9:00 AM – 1:00 PM/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show older alerts' }));
    expect(await within(list).findByText('Older alert')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older alerts' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Unread (1)' }));
    await waitFor(() => expect(screen.queryByText('Older alert')).not.toBeInTheDocument());
    expect(calls.some((call) => call.url.searchParams.get('unread') === 'true')).toBe(true);
    expect(screen.getByRole('button', { name: 'Unread (1)' })).toHaveAttribute('aria-pressed', 'true');

    const emails = screen.getByRole('checkbox', {
      name: 'Email me when a sale I saved or planned, or a community sale I follow, is cancelled or changes its dates or hours, and when an item I saved or a sale I saved or planned drops a price',
    });
    expect(emails).toBeChecked();
    await userEvent.click(emails);
    await waitFor(() => expect(emails).not.toBeChecked());
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ saleUpdateEmails: false, dropOutEmails: false });
  });

  it('offers drop-out emails unchecked until the member asks for them, and saves the choice', async () => {
    signInAs();
    const { calls } = mockFetch({
      'GET /api/alerts/unread-count': () => json({ unreadCount: 0 }),
      'GET /api/alerts': () => json({ alerts: [], unreadCount: 0, nextBefore: null }),
      'GET /api/alerts/settings': () => json({ saleUpdateEmails: true, dropOutEmails: false }),
      'PUT /api/alerts/settings': ({ body }) => json(body),
    });
    renderScreen(<AlertsPage />, { path: '/alerts' });
    const dropOuts = await screen.findByRole('checkbox', {
      name: 'Email me when a sale I saved, planned for today or follow through its community sale closes early, is cancelled on the day or is reported over by shoppers',
    });
    expect(dropOuts).not.toBeChecked();
    expect(dropOuts).toHaveAccessibleDescription(/Every alert is in the app either way/);
    await userEvent.click(dropOuts);
    await waitFor(() => expect(dropOuts).toBeChecked());
    // The other setting is sent as it was.
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { saleUpdateEmails: true, dropOutEmails: true },
    ]);
    expect(screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(2);
  });

  it('shows the empty state', async () => {
    signInAs();
    mockFetch({
      'GET /api/alerts/unread-count': () => json({ unreadCount: 0 }),
      'GET /api/alerts': () => json({ alerts: [], unreadCount: 0, nextBefore: null }),
      'GET /api/alerts/settings': () => json({ saleUpdateEmails: false, dropOutEmails: false }),
    });
    renderScreen(<AlertsPage />, { path: '/alerts' });
    expect(await screen.findByRole('heading', { name: 'No alerts yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });
});
