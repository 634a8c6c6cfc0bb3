import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { anItem } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import ItemDetailRoute from './detail';

function renderPage() {
  return renderScreen(<ItemDetailRoute />, { path: '/items/:id', route: '/items/100' });
}

/** The item's page adds the favourites feature's heart to the item feature's view. */
describe('Item page', () => {
  afterEach(() => signOutForTest());

  it('puts the labelled heart between the title and the owner’s Edit', async () => {
    signInAs(testUser); // id 7 owns the item
    mockFetch({
      'GET /api/items/100': () => json(anItem()),
      'GET /api/favorites/ids': () => json({ saleIds: [], itemIds: [100] }),
    });
    renderPage();
    const title = await screen.findByRole('heading', { level: 1, name: 'Oak Dining Table' });
    const heart = await screen.findByRole('button', { name: 'Saved' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    const edit = screen.getByRole('link', { name: 'Edit' });
    expect(title.compareDocumentPosition(heart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(heart.compareDocumentPosition(edit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a visitor no heart', async () => {
    mockFetch({ 'GET /api/items/100': () => json(anItem()) });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Oak Dining Table' });
    expect(screen.queryByRole('button', { name: /^Save|^Saved/ })).not.toBeInTheDocument();
  });
});
