import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, removeGeolocation, renderScreen, signInAs, signOutForTest, stubGeolocation, testUser } from '@/test/render';
import { aFavoriteSale, aRoutePlan } from '@/test/premium-fixtures';
import { RoutePlanner, type SavedSale } from './route-planner';

const picked = [
  {
    id: 1,
    title: 'Maple Street Moving Sale',
    city: 'Springfield',
    state: 'IL',
    start_date: '2030-06-14',
    end_date: '2030-06-15',
    start_time: '08:00',
    end_time: '16:00',
  },
  {
    id: 2,
    title: 'Oak Avenue Sale',
    city: 'Springfield',
    state: 'IL',
    start_date: '2030-06-15',
    end_date: '2030-06-15',
    start_time: '09:00',
    end_time: '12:00',
  },
];

function pick(userId = testUser.id, sales = picked) {
  window.localStorage.setItem(`garage.routePlan.selection.${userId}`, JSON.stringify(sales));
}

const preview = {
  upgradeRequired: true,
  summary: { requested: 2, plannable: 1, unplannable: 1, totalDriveMinutes: 14, finishAt: '09:29' },
  plan: null,
};

// The page hands in the saved sales (src/app/routes/plans/planner.test.tsx loads the real ones).
function renderPlanner(savedSales: SavedSale[] = []) {
  return renderScreen(<RoutePlanner savedSales={savedSales} />, {
    path: '/plan',
    routes: [{ path: '/plan/:id', element: <p>Plan page</p> }],
  });
}

describe('Route planner', () => {
  afterEach(() => {
    signOutForTest();
    removeGeolocation();
  });

  it('gives a free user the preview summary with an upgrade call', async () => {
    signInAs();
    pick();
    const { calls } = mockFetch({ 'POST /api/route-plans/preview': () => json(preview) });
    renderPlanner();
    const list = screen.getByRole('list', { name: 'Sales in your plan' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // The day most picked sales are open.
    expect(screen.getByLabelText(/^Date/)).toHaveValue('2030-06-15');
    await userEvent.click(screen.getByRole('radio', { name: 'A ZIP code' }));
    await userEvent.type(screen.getByLabelText('ZIP code'), '62701');
    await userEvent.clear(screen.getByLabelText('Minutes per stop'));
    await userEvent.type(screen.getByLabelText('Minutes per stop'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Preview My Route' }));

    const summary = await screen.findByRole('region', { name: 'Your Route Preview' });
    expect(summary).toHaveTextContent('1 of 2 sales fit on Sat, Jun 15, 2030.');
    expect(summary).toHaveTextContent('Done by9:29 AM');
    expect(summary).toHaveTextContent('which sales cannot fit and why');
    expect(within(summary).getByRole('link', { name: 'Upgrade to See Your Route' })).toHaveAttribute('href', '/subscribe');
    const body = calls.find((call) => call.url.pathname === '/api/route-plans/preview')!.body;
    expect(body).toEqual({
      name: null,
      date: '2030-06-15',
      startTime: '08:00',
      start: { zipCode: '62701' },
      saleIds: [1, 2],
      minutesPerStop: 20,
    });
    expect(calls.some((call) => call.url.pathname === '/api/route-plans')).toBe(false);
  });

  it('plans and saves a premium member’s route from their location, then opens it', async () => {
    signInAs({ ...testUser, isPremium: true });
    pick();
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 39.78, longitude: -89.65 } } as GeolocationPosition),
    );
    stubGeolocation({ getCurrentPosition } as unknown as Geolocation);
    const { calls } = mockFetch({ 'POST /api/route-plans': () => json(aRoutePlan({ id: 42 }), 201) });
    const { router } = renderPlanner();
    expect(getCurrentPosition).not.toHaveBeenCalled(); // only when asked
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Starting from your location.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Plan name (optional)'), 'Saturday loop');
    await userEvent.click(screen.getByRole('button', { name: 'Plan My Route' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan/42'));
    expect(calls.find((call) => call.url.pathname === '/api/route-plans')!.body).toMatchObject({
      name: 'Saturday loop',
      start: { latitude: 39.78, longitude: -89.65 },
      saleIds: [1, 2],
      minutesPerStop: 15,
    });
  });

  it('checks the form before asking the server, and shows the server’s field errors', async () => {
    signInAs();
    const { calls } = mockFetch({
      'POST /api/route-plans/preview': () =>
        json({ error: 'Unknown ZIP code', details: [{ field: 'start.zipCode', message: 'Unknown ZIP code' }] }, 400),
    });
    renderPlanner([aFavoriteSale({ id: 5, title: 'Elm Court Sale' })]);
    await userEvent.click(screen.getByRole('button', { name: 'Preview My Route' }));
    expect(screen.getByText('Pick at least one sale')).toBeInTheDocument();
    expect(screen.getByText('Use your location first, or start from a ZIP code')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'A ZIP code' }));
    await userEvent.type(screen.getByLabelText('ZIP code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Preview My Route' }));
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('ZIP must be 5 digits');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    // Saved sales can be added from the planner itself.
    await userEvent.click(await screen.findByRole('button', { name: 'Add to plan: Elm Court Sale' }));
    expect(
      within(screen.getByRole('list', { name: 'Sales in your plan' })).getByRole('link', { name: 'Elm Court Sale' }),
    ).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('garage.routePlan.selection.7')!)).toHaveLength(1);

    await userEvent.clear(screen.getByLabelText('ZIP code'));
    await userEvent.type(screen.getByLabelText('ZIP code'), '00000');
    await userEvent.click(screen.getByRole('button', { name: 'Preview My Route' }));
    await waitFor(() => expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('Unknown ZIP code'));
  });

  it('tells a member whose premium lapsed how to upgrade', async () => {
    signInAs({ ...testUser, isPremium: true });
    pick();
    mockFetch({ 'POST /api/route-plans': () => json({ error: 'Premium membership required' }, 403) });
    renderPlanner();
    await userEvent.click(screen.getByRole('radio', { name: 'A ZIP code' }));
    await userEvent.type(screen.getByLabelText('ZIP code'), '62701');
    await userEvent.click(screen.getByRole('button', { name: 'Plan My Route' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Planning a whole route is a Premium feature.');
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscribe');
  });
});
