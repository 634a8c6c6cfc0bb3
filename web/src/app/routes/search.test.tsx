import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aSearchResult } from '@/test/fixtures';
import { json, mockFetch, removeGeolocation, renderScreen, signInAs, signOutForTest, stubGeolocation, testUser } from '@/test/render';
import SearchRoute from './search';

function renderPage(route = '/search?q=table') {
  return renderScreen(<SearchRoute />, { path: '/search', route });
}

/** The search page adds "Save this search" and the items' hearts to the search feature's view. */
describe('Search page', () => {
  afterEach(() => {
    signOutForTest();
    removeGeolocation();
  });

  it('gives a free user the upgrade to save the search, and a heart on each result', async () => {
    stubGeolocation(undefined);
    signInAs({ ...testUser, id: 8 }); // a shopper: the results are user 7's
    mockFetch({
      'GET /api/items/search': () => json([aSearchResult()]),
      'GET /api/favorites/ids': () => json({ saleIds: [], itemIds: [] }),
    });
    renderPage();
    const title = await screen.findByRole('link', { name: 'Oak Dining Table' });
    const card = within(title.closest('article')!);
    expect(await card.findByRole('button', { name: 'Save item: Oak Dining Table' })).toHaveAttribute('aria-pressed', 'false');
    // The offer to save the search sits between the form and the results.
    const upgrade = screen.getByRole('link', { name: 'Upgrade to save searches' });
    expect(upgrade).toHaveAttribute('href', '/subscribe');
    expect(screen.getByRole('search').compareDocumentPosition(upgrade) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(upgrade.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('gives a premium user Save this search', async () => {
    stubGeolocation(undefined);
    signInAs({ ...testUser, id: 8, isPremium: true, premiumExpiresAt: '2031-01-01T00:00:00Z' });
    mockFetch({
      'GET /api/items/search': () => json([aSearchResult()]),
      'GET /api/favorites/ids': () => json({ saleIds: [], itemIds: [100] }),
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Save this search' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Saved: Oak Dining Table' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a visitor neither', async () => {
    stubGeolocation(undefined);
    mockFetch({ 'GET /api/items/search': () => json([aSearchResult()]) });
    renderPage();
    await screen.findByRole('link', { name: 'Oak Dining Table' });
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade to save searches' })).not.toBeInTheDocument();
  });
});
