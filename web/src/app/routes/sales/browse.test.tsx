import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { aSale } from '@/test/fixtures';
import { json, mockFetch, removeGeolocation, renderScreen, signInAs, signOutForTest, stubGeolocation, testUser } from '@/test/render';

/** A shopper, not the fixtures' host (user 7): nobody is offered to save their own sale. */
const shopper = { ...testUser, id: 8 };
import BrowseSalesRoute from './browse';

function locatedBrowser() {
  const getCurrentPosition = vi.fn((success: PositionCallback) =>
    success({ coords: { latitude: 39.8, longitude: -89.6 } } as GeolocationPosition),
  );
  stubGeolocation({ getCurrentPosition } as unknown as Geolocation);
}

/** The browse page adds "Add to plan" and the heart to every sale's card and map popup. */
describe('Browse sales page', () => {
  afterEach(() => {
    signOutForTest();
    removeGeolocation();
  });

  it('puts Add to plan and the heart on each card of the list', async () => {
    locatedBrowser();
    signInAs(shopper);
    mockFetch({
      'GET /api/sales': () => json([aSale()]),
      'GET /api/favorites/ids': () => json({ saleIds: [], itemIds: [] }),
    });
    renderScreen(<BrowseSalesRoute />, { path: '/sales' });
    fireEvent.click(await screen.findByRole('button', { name: 'List View' }));
    const card = within((await screen.findByRole('link', { name: 'Maple Street Moving Sale' })).closest('article')!);
    const plan = card.getByRole('button', { name: 'Add to plan: Maple Street Moving Sale' });
    const heart = await card.findByRole('button', { name: 'Save sale: Maple Street Moving Sale' });
    expect(plan.compareDocumentPosition(heart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(plan).not.toHaveClass('text-xs');
  });

  it('gives the host no heart on their own sale', async () => {
    locatedBrowser();
    signInAs();
    mockFetch({
      'GET /api/sales': () => json([aSale()]),
      'GET /api/favorites/ids': () => json({ saleIds: [], itemIds: [] }),
    });
    renderScreen(<BrowseSalesRoute />, { path: '/sales' });
    fireEvent.click(await screen.findByRole('button', { name: 'List View' }));
    const card = within((await screen.findByRole('link', { name: 'Maple Street Moving Sale' })).closest('article')!);
    card.getByRole('button', { name: 'Add to plan: Maple Street Moving Sale' });
    expect(card.queryByRole('button', { name: /^Save sale/ })).not.toBeInTheDocument();
  });

  it('puts the smaller Add to plan and the heart in the map popup', async () => {
    locatedBrowser();
    signInAs(shopper);
    mockFetch({
      'GET /api/sales': () => json([aSale({ id: 1, title: 'Valid Sale' })]),
      'GET /api/favorites/ids': () => json({ saleIds: [1], itemIds: [] }),
    });
    renderScreen(<BrowseSalesRoute />, { path: '/sales' });
    const picture = await screen.findByRole('group', { name: 'Map of garage sales' }, { timeout: 10_000 });
    await act(async () => {
      fireEvent.click(within(picture).getByRole('button', { name: 'Valid Sale' }));
    });
    await screen.findByRole('link', { name: 'View Sale' }, { timeout: 10_000 });
    const plan = screen.getByRole('button', { name: 'Add to plan: Valid Sale' });
    expect(plan).toHaveClass('text-xs');
    expect(await screen.findByRole('button', { name: 'Saved: Valid Sale' })).toHaveAttribute('aria-pressed', 'true');
  });
});
