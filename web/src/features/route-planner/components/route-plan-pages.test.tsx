import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { wallClockAt } from '@garage/contracts/time-zone';
import { aRoutePlan, aStop } from '@/test/premium-fixtures';
import { RoutePlanPrint } from './route-plan-print';
import { RoutePlansList } from './route-plans-list';
import { RoutePlanView } from './route-plan-view';

describe('Saved route plan pages', () => {
  afterEach(() => signOutForTest());

  // The page hands in the calendar download (src/app/routes/plans/detail.test.tsx checks the real one).
  it('shows a saved plan with its map, and downloads its calendar file', async () => {
    signInAs({ ...testUser, isPremium: true });
    let failDownload = false;
    const downloadCalendar = vi.fn(async () => {
      if (failDownload) throw new Error('offline');
    });
    mockFetch({ 'GET /api/route-plans/42': () => json(aRoutePlan()) });
    const { container } = renderScreen(<RoutePlanView planId="42" downloadCalendar={downloadCalendar} />, {
      path: '/plan/:id',
      route: '/plan/42',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saturday loop' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Printable view' })).toHaveAttribute('href', '/plan/42/print');
    // Numbered markers in driving order on the lazy-loaded map.
    await waitFor(() => expect(container.querySelectorAll('.leaflet-marker-icon')).toHaveLength(2), { timeout: 10_000 });
    expect([...container.querySelectorAll('.leaflet-marker-icon')].map((marker) => marker.textContent)).toEqual(['1', '2']);
    expect(container.querySelector('.leaflet-marker-icon')).toHaveAttribute('title', 'Stop 1: Stop Sale 1');

    await userEvent.click(screen.getByRole('button', { name: 'Download calendar (.ics)' }));
    expect(downloadCalendar).toHaveBeenCalledWith('/api/route-plans/42/calendar.ics', 'garage-route-plan-42.ics');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download calendar (.ics)' })).toBeEnabled());
    expect(screen.queryByText('Could not get the calendar file. Please try again.')).not.toBeInTheDocument();

    failDownload = true;
    await userEvent.click(screen.getByRole('button', { name: 'Download calendar (.ics)' }));
    expect(await screen.findByText('Could not get the calendar file. Please try again.')).toBeInTheDocument();
  });

  it("reads a plan of today again when the shopper comes back to the app, showing a stop's new live state", async () => {
    signInAs({ ...testUser, isPremium: true });
    const today = wallClockAt(new Date(), 'America/Chicago').date;
    let said = false;
    mockFetch({
      'GET /api/route-plans/42': () =>
        json(
          aRoutePlan({
            date: today,
            stops: [aStop(1, said ? { liveState: 'winding_down', liveStateAt: new Date().toISOString() } : {}), aStop(2)],
          }),
        ),
    });
    renderScreen(<RoutePlanView planId="42" downloadCalendar={vi.fn()} />, { path: '/plan/:id', route: '/plan/42' });
    const stops = await screen.findByRole('list', { name: 'Stops in driving order' });
    expect(within(stops).queryByTestId('live-state')).toBeNull();

    said = true;
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    expect(await within(stops).findByText('Winding down · just now')).toBeInTheDocument();
  });

  it('says Route Plan Not Found for an unknown plan', async () => {
    signInAs();
    mockFetch({ 'GET /api/route-plans/9': () => json({ error: 'Route plan not found' }, 404) });
    renderScreen(<RoutePlanView planId="9" downloadCalendar={vi.fn()} />, { path: '/plan/:id', route: '/plan/9' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Route Plan Not Found' })).toBeInTheDocument();
  });

  it('prints the plan as one table', async () => {
    signInAs();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    mockFetch({ 'GET /api/route-plans/42': () => json(aRoutePlan()) });
    renderScreen(<RoutePlanPrint planId="42" />, { path: '/plan/:id/print', route: '/plan/42/print' });
    const table = await screen.findByRole('table', { name: 'Stops in driving order' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'Stop Sale 1', '1 Main St, Springfield, IL', '8:10 AM', '8:25 AM', '8:00 AM – 4:00 PM', '10 min, 3.2 mi']);
    expect(screen.getByText('Early Bird Sale: Closes at 08:30, before you could get there (09:05)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it("says '1 stop' for a one-stop plan on the printable view", async () => {
    signInAs();
    const plan = aRoutePlan();
    mockFetch({ 'GET /api/route-plans/42': () => json({ ...plan, stops: plan.stops.slice(0, 1), totals: { ...plan.totals, stops: 1 } }) });
    renderScreen(<RoutePlanPrint planId="42" />, { path: '/plan/:id/print', route: '/plan/42/print' });
    const summary = (await screen.findByRole('heading', { level: 1 })).nextElementSibling!;
    expect(summary).toHaveTextContent('· 1 stop ·');
    expect(summary).not.toHaveTextContent('1 stops');
  });

  it('lists the saved plans to open or delete', async () => {
    signInAs();
    let plans = [
      {
        id: 42,
        name: 'Saturday loop',
        date: '2030-06-14',
        startTime: '08:00',
        stopCount: 2,
        unplannedCount: 1,
        createdAt: '2030-06-01T12:00:00Z',
      },
      { id: 43, name: null, date: '2030-06-21', startTime: '09:30', stopCount: 1, unplannedCount: 0, createdAt: '2030-06-02T12:00:00Z' },
    ];
    const { calls } = mockFetch({
      'GET /api/route-plans': () => json(plans),
      'DELETE /api/route-plans/42': () => {
        plans = plans.slice(1);
        return new Response(null, { status: 204 });
      },
    });
    renderScreen(<RoutePlansList />, { path: '/plans' });
    const list = await screen.findByRole('list', { name: 'Your route plans' });
    expect(within(list).getByRole('link', { name: 'Saturday loop' })).toHaveAttribute('href', '/plan/42');
    expect(within(list).getByRole('link', { name: 'Garage sales on Fri, Jun 21, 2030' })).toHaveAttribute('href', '/plan/43');
    expect(list).toHaveTextContent('Leave at 8:00 AM · 2 stops · 1 could not fit');
    await userEvent.click(within(list).getByRole('button', { name: 'Delete Saturday loop' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Plan' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Saturday loop' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
