import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderScreen, signInAs, signOutForTest } from '@/test/render';
import { aFavoriteItem, aFavoriteSale } from '@/test/premium-fixtures';
import { SavedList } from './saved-list';

describe('Saved page', () => {
  afterEach(() => signOutForTest());

  it('lists the saved sales and items with links, and removes one', async () => {
    signInAs();
    let favorites = {
      sales: [aFavoriteSale({ id: 1, title: 'Maple Street Moving Sale' })],
      items: [aFavoriteItem({ id: 100, title: 'Oak Dining Table', is_reserved: true })],
    };
    const { calls } = mockFetch({
      'GET /api/favorites': () => json(favorites),
      'GET /api/favorites/ids': () =>
        json({ saleIds: favorites.sales.map((sale) => sale.id), itemIds: favorites.items.map((item) => item.id) }),
      'DELETE /api/favorites/sales/1': () => {
        favorites = { ...favorites, sales: [] };
        return new Response(null, { status: 204 });
      },
    });
    // The page adds "Add to plan" to each sale (src/app/routes/saved.test.tsx); here, a stand-in.
    renderScreen(<SavedList renderSaleActions={(sale) => <span>More for {sale.title}</span>} />, { path: '/saved' });

    const sales = await screen.findByRole('region', { name: 'Saved Sales (1)' });
    expect(within(sales).getByRole('link', { name: 'Maple Street Moving Sale' })).toHaveAttribute('href', '/sales/1');
    expect(within(sales).getByText('12 Maple St, Springfield, IL')).toBeInTheDocument();
    expect(within(sales).getByText('More for Maple Street Moving Sale')).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Saved Items (1)' });
    expect(within(items).getByRole('link', { name: 'Oak Dining Table' })).toHaveAttribute('href', '/items/100');
    expect(within(items).getByText('Reserved')).toBeInTheDocument();
    expect(within(items).getByRole('link', { name: 'Maple Street Moving Sale' })).toHaveAttribute('href', '/sales/1');

    await userEvent.click(within(sales).getByRole('button', { name: 'Remove Maple Street Moving Sale from Saved' }));
    expect(await screen.findByRole('region', { name: 'Saved Sales (0)' })).toHaveTextContent('No saved sales yet');
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/favorites/sales/1')).toBe(true);
  });

  it('says how to save something when nothing is saved', async () => {
    signInAs();
    mockFetch({ 'GET /api/favorites': () => json({ sales: [], items: [] }) });
    renderScreen(<SavedList />, { path: '/saved' });
    expect(await screen.findByRole('heading', { name: 'Nothing saved yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Garage Sales' })).toHaveAttribute('href', '/sales');
  });

  it('offers Try Again when the list cannot be loaded', async () => {
    signInAs();
    let fail = true;
    mockFetch({ 'GET /api/favorites': () => (fail ? json({ error: 'Service unavailable' }, 503) : json({ sales: [], items: [] })) });
    renderScreen(<SavedList />, { path: '/saved' });
    expect(await screen.findByText('Failed to load your saved sales and items')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Nothing saved yet' })).toBeInTheDocument());
  });
});
