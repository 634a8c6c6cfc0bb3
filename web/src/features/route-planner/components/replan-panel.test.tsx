import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { wallClockAt } from '@garage/contracts';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { aRoutePlan, aStop } from '@/test/premium-fixtures';
import { RoutePlanView } from './route-plan-view';

const today = wallClockAt(new Date(), 'America/Chicago').date;

function geolocation(outcome: { latitude: number; longitude: number } | { code: number }) {
  // Only the geolocation is replaced: the map reads the rest of navigator (its user agent).
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        'code' in outcome ? fail({ code: outcome.code } as GeolocationPositionError) : ok({ coords: outcome } as GeolocationPosition),
    },
  });
}

describe("Today's route plan: stops that dropped out and re-planning from here", () => {
  afterEach(() => {
    signOutForTest();
    vi.unstubAllGlobals();
  });

  const plan = aRoutePlan({
    date: today,
    stops: [
      aStop(1, { arrival: '08:10', departure: '08:25', droppedOut: 'closed_early' }),
      aStop(2, { arrival: '08:40', departure: '08:55' }),
    ],
  });

  it('marks the dropped-out stop and shows the re-planned rest of the day', async () => {
    signInAs({ ...testUser, isPremium: true });
    geolocation({ latitude: 39.7, longitude: -89.6 });
    const replanned = aRoutePlan({
      id: null,
      replannedFrom: 42,
      date: today,
      startTime: '10:05',
      stops: [aStop(2, { order: 1, arrival: '10:20', departure: '10:35' })],
      unplanned: [{ saleId: 1, title: 'Stop Sale 1', reason: 'Closed early today', droppedOut: 'closed_early' }],
    });
    const { calls } = mockFetch({
      'GET /api/route-plans/42': () => json(plan),
      'POST /api/route-plans/42/replan': () => json(replanned),
    });
    renderScreen(<RoutePlanView planId="42" downloadCalendar={vi.fn()} />, { path: '/plan/:id', route: '/plan/42' });
    expect(await screen.findByText('Closed early')).toBeInTheDocument();
    expect(screen.getByText(/A stop has dropped out of today's route/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Re-plan from here' }));
    expect(await screen.findByRole('heading', { name: 'Re-planned from here at 10:05 AM' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ latitude: 39.7, longitude: -89.6 });
    expect(screen.getByText(/Closed early today/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show the saved plan' }));
    expect(screen.queryByRole('heading', { name: /Re-planned from here/ })).not.toBeInTheDocument();
  });

  it('says why when the location is refused', async () => {
    signInAs({ ...testUser, isPremium: true });
    geolocation({ code: 1 });
    mockFetch({ 'GET /api/route-plans/42': () => json(plan) });
    renderScreen(<RoutePlanView planId="42" downloadCalendar={vi.fn()} />, { path: '/plan/:id', route: '/plan/42' });
    await userEvent.click(await screen.findByRole('button', { name: 'Re-plan from here' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/location/i);
  });

  it('offers no re-plan for a plan of another day', async () => {
    signInAs({ ...testUser, isPremium: true });
    mockFetch({ 'GET /api/route-plans/42': () => json(aRoutePlan()) });
    renderScreen(<RoutePlanView planId="42" downloadCalendar={vi.fn()} />, { path: '/plan/:id', route: '/plan/42' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saturday loop' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-plan from here' })).not.toBeInTheDocument();
  });
});
