import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aFavoriteSale } from '@/test/premium-fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest } from '@/test/render';
import RoutePlannerRoute from './planner';

/** The planner page hands the route planner the user's saved sales (the favourites feature's). */
describe('Route planner page', () => {
  afterEach(() => signOutForTest());

  it('offers the upcoming saved sales to add to the plan', async () => {
    signInAs();
    mockFetch({
      'GET /api/favorites': () =>
        json({
          sales: [
            aFavoriteSale({ id: 5, title: 'Elm Court Sale' }),
            aFavoriteSale({ id: 6, title: 'Cancelled Sale', status: 'cancelled' }),
            aFavoriteSale({ id: 7, title: 'Long Gone Sale', start_date: '2020-01-04', end_date: '2020-01-05' }),
          ],
          items: [],
        }),
    });
    renderScreen(<RoutePlannerRoute />, { path: '/plan' });
    expect(screen.getByText('Loading your saved sales...')).toBeInTheDocument();
    const saved = await screen.findByRole('list', { name: 'Your saved sales' });
    expect(within(saved).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(within(saved).getByRole('button', { name: 'Add to plan: Elm Court Sale' }));
    expect(
      within(screen.getByRole('list', { name: 'Sales in your plan' })).getByRole('link', { name: 'Elm Court Sale' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Every upcoming sale you saved is in the plan.')).toBeInTheDocument();
  });

  it('says when the saved sales cannot be loaded', async () => {
    signInAs();
    mockFetch({ 'GET /api/favorites': () => json({ error: 'Service unavailable' }, 503) });
    renderScreen(<RoutePlannerRoute />, { path: '/plan' });
    expect(await screen.findByText('Your saved sales could not be loaded.')).toBeInTheDocument();
  });
});
