import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { anItem } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import ItemDetailRoute from './detail';

function renderPage() {
  return renderScreen(<ItemDetailRoute />, { path: '/items/:id', route: '/items/100' });
}

/** The item's page adds the favourites feature's heart to the item feature's view. */
describe('Item page', () => {
  afterEach(() => signOutForTest());

  it('puts the labelled heart after the title for a shopper', async () => {
    signInAs({ ...testUser, id: 8 }); // the item is user 7's
    mockFetch({
      'GET /api/items/100': () => json(anItem()),
      'GET /api/favorites/ids': () => json({ saleIds: [], itemIds: [100] }),
    });
    renderPage();
    const title = await screen.findByRole('heading', { level: 1, name: 'Oak Dining Table' });
    const heart = await screen.findByRole('button', { name: 'Saved' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(title.compareDocumentPosition(heart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('gives the owner Edit, and neither a heart nor a way to reserve their own item', async () => {
    signInAs(testUser); // id 7 owns the item
    mockFetch({
      'GET /api/items/100': () => json(anItem()),
      'GET /api/favorites/ids': () => json({ saleIds: [], itemIds: [] }),
    });
    renderPage();
    await screen.findByRole('link', { name: 'Edit' });
    expect(screen.queryByRole('button', { name: /^Save|^Saved/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reserve Item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade to Reserve' })).not.toBeInTheDocument();
  });

  it('offers a free member the upgrade, and reserves for a Premium one with the confirmation in place', async () => {
    signInAs({ ...testUser, id: 8 });
    mockFetch({
      'GET /api/items/100': () => json(anItem()),
      'GET /api/favorites/ids': () => json({ saleIds: [], itemIds: [] }),
    });
    const { unmount } = renderPage();
    expect(await screen.findByRole('link', { name: 'Upgrade to Reserve' })).toHaveAttribute('href', '/subscribe');
    unmount();

    signInAs({ ...testUser, id: 8, isPremium: true, premiumExpiresAt: '2031-01-01T00:00:00Z' });
    mockFetch({
      'GET /api/items/100': () => json(anItem()),
      'GET /api/favorites/ids': () => json({ saleIds: [], itemIds: [] }),
      'POST /api/items/100/reserve': () => json({ ...anItem({ is_reserved: true }), reservation: { id: 5 } }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Reserve Item' }));
    expect(await screen.findByText('Reserved: Oak Dining Table')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay now in My Reservations' })).toHaveAttribute('href', '/my-reservations');
  });

  it('shows a visitor no heart', async () => {
    mockFetch({ 'GET /api/items/100': () => json(anItem()) });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Oak Dining Table' });
    expect(screen.queryByRole('button', { name: /^Save|^Saved/ })).not.toBeInTheDocument();
  });
});
