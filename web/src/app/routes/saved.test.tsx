import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aFavoriteSale } from '@/test/premium-fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import SavedRoute from './saved';

/** The Saved page adds the route planner's "Add to plan" to the favourites feature's sale cards. */
describe('Saved page', () => {
  afterEach(() => signOutForTest());

  it('offers Add to plan, before Remove, on the saved sales that still run', async () => {
    signInAs();
    mockFetch({
      'GET /api/favorites': () =>
        json({
          sales: [
            aFavoriteSale({ id: 1, title: 'Maple Street Moving Sale' }),
            aFavoriteSale({ id: 2, title: 'Oak Avenue Sale', status: 'cancelled' }),
          ],
          items: [],
        }),
    });
    renderScreen(<SavedRoute />, { path: '/saved' });
    const sales = await screen.findByRole('region', { name: 'Saved Sales (2)' });
    const maple = within(sales).getByRole('link', { name: 'Maple Street Moving Sale' }).closest('article')!;
    const plan = within(maple).getByRole('button', { name: 'Add to plan: Maple Street Moving Sale' });
    const remove = within(maple).getByRole('button', { name: 'Remove Maple Street Moving Sale from Saved' });
    expect(plan.compareDocumentPosition(remove) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const oak = within(sales).getByRole('link', { name: 'Oak Avenue Sale' }).closest('article')!;
    expect(within(oak).queryByRole('button', { name: /Add to plan/ })).not.toBeInTheDocument();

    await userEvent.click(plan);
    expect(within(maple).getByRole('button', { name: 'In your plan: Maple Street Moving Sale' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(window.localStorage.getItem(`garage.routePlan.selection.${testUser.id}`)!)).toHaveLength(1);
  });
});
