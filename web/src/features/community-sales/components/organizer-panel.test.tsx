import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCommunitySale, someEntries } from '@/test/community-sale-fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { CommunitySalePage } from './community-sale-page';

const pending = () => ({
  ...someEntries()[1]!,
  number: null,
  status: 'pending' as const,
  sale: { ...someEntries()[1]!.sale, id: 20, title: 'Late Sale' },
});

function renderAs(userId: number) {
  signInAs({ ...testUser, id: userId });
  return renderScreen(<CommunitySalePage communitySaleId="3" renderMap={() => null} renderPlan={() => null} />, {
    path: '/community-sales/:id',
    route: '/community-sales/3',
  });
}

describe("The organiser's panel", () => {
  afterEach(() => signOutForTest());

  it('approves a pending sale, and removes one after asking', async () => {
    const { calls } = mockFetch({
      'GET /api/community-sales/3': () => json(aCommunitySale()),
      'GET /api/community-sales/3/sales': () => json([...someEntries(), pending()]),
      'POST /api/community-sales/3/sales/20/approve': () => json({ ...pending(), number: 4, status: 'approved' }),
      'DELETE /api/community-sales/3/sales/11': () => json(null, 204),
    });
    renderAs(9);
    const waiting = await screen.findByRole('list', { name: 'Waiting for approval' });
    await userEvent.click(within(waiting).getByRole('button', { name: 'Approve Late Sale' }));
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/community-sales/3/sales/20/approve')).toBe(true);

    await userEvent.click(screen.getByText('Joined sales (3)'));
    await userEvent.click(
      within(screen.getByRole('list', { name: 'Joined sales' })).getByRole('button', { name: 'Remove Oak Street Sale' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this sale?' });
    expect(dialog).toHaveTextContent('its number 1 is not given again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Sale' }));
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/community-sales/3/sales/11')).toBe(true);
  });

  it('cancels, and moves to the rain date, each only once confirmed', async () => {
    let current = aCommunitySale();
    const { calls } = mockFetch({
      'GET /api/community-sales/3': () => json(current),
      'GET /api/community-sales/3/sales': () => json(someEntries()),
      'POST /api/community-sales/3/rain-date': () =>
        json((current = { ...current, days: [{ date: '2030-06-21', startTime: '08:00', endTime: '15:00' }], rainDate: null })),
      'POST /api/community-sales/3/cancel': () => json((current = { ...current, status: 'cancelled' })),
    });
    renderAs(9);
    await userEvent.click(await screen.findByRole('button', { name: 'Move to Rain Date' }));
    const move = screen.getByRole('alertdialog', { name: 'Move to the rain date?' });
    expect(move).toHaveTextContent('Fri, Jun 21, 2030');
    await userEvent.click(within(move).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Move to Rain Date' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Move to Rain Date' }));
    // The page shows the moved day, and the rain date is used up.
    expect(await screen.findByText(/Fri, Jun 21, 2030 · 8:00 AM - 3:00 PM/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move to Rain Date' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Community Sale' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel Community Sale' }));
    expect(await screen.findByText('This community sale is cancelled')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
      '/api/community-sales/3/rain-date',
      '/api/community-sales/3/cancel',
    ]);
  });

  it('is not there for anyone else; a host sees their own sale waiting', async () => {
    mockFetch({
      'GET /api/community-sales/3': () => json(aCommunitySale()),
      'GET /api/community-sales/3/sales': () => json([...someEntries(), { ...pending(), sale: { ...pending().sale, user_id: 55 } }]),
    });
    renderAs(55);
    expect(await screen.findByText('Your sale Late Sale is waiting for the organiser’s approval.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Organiser' })).not.toBeInTheDocument();
  });
});
