import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aNestedSale, anItem } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { ItemDetail } from './item-detail';

const photos = ['/p/1.jpg', '/p/2.jpg', '/p/3.jpg', '/p/4.jpg', '/p/5.jpg'];

function renderItem(id = '100') {
  // The contact slot as the app fills it (Contact Seller, from messages).
  const contact = (item: { id: number }) => <button type="button">Contact Seller about {item.id}</button>;
  return renderScreen(<ItemDetail itemId={id} renderContact={contact} />, { path: '/items/:id', route: `/items/${id}` });
}

describe('Item detail', () => {
  afterEach(() => signOutForTest());

  it('shows breadcrumb, photos, prices, status, chips and the sale box', async () => {
    mockFetch({ 'GET /api/items/100': () => json(anItem({ image_urls: photos })) });
    renderItem();
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Sales' })).toHaveAttribute('href', '/sales');
    expect(within(breadcrumb).getByRole('link', { name: 'Maple Street Moving Sale' })).toHaveAttribute('href', '/sales/1');
    expect(within(breadcrumb).getByText('Oak Dining Table')).toHaveAttribute('aria-current', 'page');

    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByText('$120.00')).toBeInTheDocument();
    expect(screen.getByText('$400.00').closest('span')).toHaveClass('line-through');
    expect(screen.getByText('Furniture')).toBeInTheDocument();
    expect(screen.getByText('Like New')).toBeInTheDocument();
    expect(screen.getByText('Ethan Allen')).toBeInTheDocument();

    const box = screen.getByRole('region', { name: 'Garage Sale Details' });
    expect(within(box).getByText('Fri, Jun 14, 2030 - Sat, Jun 15, 2030')).toBeInTheDocument();
    expect(within(box).getByText('8:00 AM - 4:00 PM')).toBeInTheDocument();

    // The main photo, fetched first with its size reserved, plus the four other photos as lazy
    // thumbnails: the main one is never repeated among them.
    const main = screen.getByRole('img', { name: 'Oak Dining Table, photo 1 of 5' });
    expect(main).not.toHaveAttribute('loading');
    expect(main).toHaveAttribute('width', '800');
    expect(main).toHaveAttribute('height', '600');
    const thumbnails = () => within(screen.getByRole('list', { name: 'More photos' })).getAllByRole('button');
    expect(thumbnails().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Show photo 2',
      'Show photo 3',
      'Show photo 4',
      'Show photo 5',
    ]);
    for (const button of thumbnails())
      expect(within(button).getByRole('presentation', { hidden: true })).toHaveAttribute('loading', 'lazy');
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 3' }));
    expect(screen.getByRole('img', { name: 'Oak Dining Table, photo 3 of 5' })).toHaveAttribute('src', '/p/3.jpg');
    expect(thumbnails().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Show photo 1',
      'Show photo 2',
      'Show photo 4',
      'Show photo 5',
    ]);
  });

  it("shows the sale's live state in the sale box", async () => {
    const endedAt = new Date(Date.now() - 30 * 60_000).toISOString();
    mockFetch({ 'GET /api/items/100': () => json(anItem({ sale: aNestedSale({ live_state: 'ended', live_state_at: endedAt }) })) });
    renderItem();
    const box = within(await screen.findByRole('region', { name: 'Garage Sale Details' }));
    expect(box.getByTestId('live-state')).toHaveTextContent('Ended');
  });

  it('does not strike through an original price that is not higher', async () => {
    mockFetch({ 'GET /api/items/100': () => json(anItem({ original_price: 100 })) });
    renderItem();
    await screen.findByText('$120.00');
    expect(screen.queryByText('$100.00')).not.toBeInTheDocument();
  });

  it('gives a signed-in shopper the contact slot, and the owner Edit instead', async () => {
    signInAs({ ...testUser, id: 55 });
    mockFetch({ 'GET /api/items/100': () => json(anItem({ is_reserved: true })) });
    const { unmount } = renderItem();
    expect(await screen.findByText('Reserved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact Seller about 100' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    unmount();

    signInAs(testUser);
    renderItem();
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/items/100/edit');
    expect(screen.queryByRole('button', { name: /Contact Seller/ })).not.toBeInTheDocument();
  });

  it('offers no Contact Seller for a sold item or to a visitor', async () => {
    mockFetch({ 'GET /api/items/100': () => json(anItem({ is_sold: true, is_reserved: true })) });
    renderItem();
    expect(await screen.findByText('Sold')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Contact Seller/ })).not.toBeInTheDocument();
  });

  it("shows 'Item Not Found' with a link to browse sales", async () => {
    mockFetch({ 'GET /api/items/404': () => json({ error: 'Item not found' }, 404) });
    renderItem('404');
    expect(await screen.findByRole('heading', { name: 'Item Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Garage Sales' })).toHaveAttribute('href', '/sales');
  });
});
