import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anItem } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest } from '@/test/render';
import { MyItemsList } from './my-items-list';

const items = [
  anItem({ id: 1, title: 'Oak Dining Table', category: 'Furniture', garage_sale_id: 1 }),
  anItem({ id: 2, title: 'Road Bike', description: 'Ten speed, new tires', category: 'Sports', garage_sale_id: null, sale_title: null }),
  anItem({ id: 3, title: 'Lava Lamp', category: 'Home & Garden', is_reserved: true }),
  anItem({ id: 4, title: 'Vinyl Records', category: 'Collectibles', is_sold: true, is_reserved: true }),
];

describe('My Items screen', () => {
  beforeEach(() => signInAs());
  afterEach(() => signOutForTest());

  it('loads every item (includeAll) and shows each status badge', async () => {
    const { calls } = mockFetch({ 'GET /api/items/my-items': () => json(items) });
    renderScreen(<MyItemsList />, { path: '/my-items' });
    expect(await screen.findByText('Showing 4 of 4 items')).toBeInTheDocument();
    expect(calls[0].url.searchParams.get('includeAll')).toBe('true');

    const row = (title: string) => screen.getByRole('heading', { name: title }).closest('article')!;
    expect(within(row('Oak Dining Table')).getByText('In Sale')).toBeInTheDocument();
    expect(within(row('Road Bike')).getByText('Available')).toBeInTheDocument();
    expect(within(row('Lava Lamp')).getByText('Reserved')).toBeInTheDocument();
    expect(within(row('Vinyl Records')).getByText('Sold')).toBeInTheDocument();
    expect(within(row('Road Bike')).getByRole('link', { name: 'Edit Road Bike' })).toHaveAttribute('href', '/items/2/edit');
    expect(within(row('Road Bike')).getByRole('link', { name: 'View Road Bike' })).toHaveAttribute('href', '/items/2');
  });

  it('filters by text, category and status, and counts what is shown', async () => {
    mockFetch({ 'GET /api/items/my-items': () => json(items) });
    renderScreen(<MyItemsList />, { path: '/my-items' });
    await screen.findByText('Showing 4 of 4 items');

    // The category choices come from the user's own items only.
    const category = screen.getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Categories', 'Collectibles', 'Furniture', 'Home & Garden', 'Sports']);

    await userEvent.type(screen.getByLabelText('Search'), 'tires'); // matches the description
    expect(screen.getByText('Showing 1 of 4 items')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Road Bike' })).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Search'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'reserved');
    expect(screen.getByText('Showing 1 of 4 items')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lava Lamp' })).toBeInTheDocument(); // sold + reserved counts as Sold

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Furniture');
    expect(screen.getByText('Showing 0 of 4 items')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No items match your filters' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getByText('Showing 4 of 4 items')).toBeInTheDocument();
  });

  it("shows 'No items yet' with a link to add one", async () => {
    mockFetch({ 'GET /api/items/my-items': () => json([]) });
    renderScreen(<MyItemsList />, { path: '/my-items' });
    expect(await screen.findByRole('heading', { name: 'No items yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Your First Item' })).toHaveAttribute('href', '/create-item');
  });

  it("shows 'Failed to load your items' when the list cannot load", async () => {
    mockFetch({ 'GET /api/items/my-items': () => json({ error: 'boom' }, 500) });
    renderScreen(<MyItemsList />, { path: '/my-items' });
    expect(await screen.findByText('Failed to load your items')).toBeInTheDocument();
  });

  it('deletes after confirmation and removes the item from the list', async () => {
    let list = items;
    const { calls } = mockFetch({
      'GET /api/items/my-items': () => json(list),
      'DELETE /api/items/2': () => {
        list = items.filter((item) => item.id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    renderScreen(<MyItemsList />, { path: '/my-items' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Road Bike' }));

    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('removed from any garage sale');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Item' }));

    expect(await screen.findByText('Showing 3 of 3 items')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Road Bike' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('alerts when a delete fails, and Escape cancels the dialog', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch({
      'GET /api/items/my-items': () => json(items),
      'DELETE /api/items/2': () => json({ error: 'Item not found or unauthorized' }, 404),
    });
    renderScreen(<MyItemsList />, { path: '/my-items' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Road Bike' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Road Bike' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Item' }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to delete item. Please try again.'));
    expect(screen.getByText('Showing 4 of 4 items')).toBeInTheDocument();
  });
});
