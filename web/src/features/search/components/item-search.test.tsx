import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aNestedSale, aSearchResult } from '@/test/fixtures';
import { json, mockFetch, removeGeolocation, renderScreen, signInAs, signOutForTest, stubGeolocation, testUser } from '@/test/render';
import { ItemSearch } from './item-search';

// The page asks for the location; in these tests the browser has none.
function noGeolocation() {
  stubGeolocation(undefined);
}

describe('Search Items screen', () => {
  afterEach(() => {
    signOutForTest();
    removeGeolocation();
  });

  it("shows 'Start Searching' and does not call the API while the query is empty", async () => {
    noGeolocation();
    const { calls } = mockFetch({});
    renderScreen(<ItemSearch />, { path: '/search' });
    expect(await screen.findByRole('heading', { name: 'Start Searching' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search for items'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('heading', { name: 'Start Searching' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === '/api/items/search')).toHaveLength(0);
  });

  it("shows 'Searching items...' while waiting, then the results with their fields", async () => {
    noGeolocation();
    let answer!: (response: Response) => void;
    const { calls } = mockFetch({
      'GET /api/items/search': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderScreen(<ItemSearch />, { path: '/search' });

    await userEvent.type(screen.getByLabelText('Search for items'), 'table');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Furniture');
    await userEvent.type(screen.getByLabelText('Max Price ($)'), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('Searching items...')).toBeInTheDocument();
    const query = calls.find((call) => call.url.pathname === '/api/items/search')!.url.searchParams;
    expect(query.get('q')).toBe('table');
    expect(query.get('category')).toBe('Furniture');
    expect(query.get('maxPrice')).toBe('200');
    expect(query.get('radius')).toBe('25');

    answer(json([aSearchResult({ image_urls: ['/uploads/table.jpg'] })]));
    const title = await screen.findByRole('link', { name: 'Oak Dining Table' });
    expect(title).toHaveAttribute('href', '/items/100');
    const card = within(title.closest('article')!);
    expect(card.getByRole('img', { name: 'Oak Dining Table' })).toHaveAttribute('loading', 'lazy');
    expect(card.getByText('$120.00')).toBeInTheDocument();
    expect(card.getByText('Furniture')).toBeInTheDocument();
    expect(card.getByText('Like New')).toBeInTheDocument();
    expect(card.getByText(/Springfield, IL · Starts Jun 14, 2030/)).toBeInTheDocument();
    expect(card.getByText('Solid oak, seats six.')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Maple Street Moving Sale' })).toHaveAttribute('href', '/sales/1');
    expect(card.getByText('Seller: Pat Host')).toBeInTheDocument();
    // A visitor or free user is offered the upgrade instead of a reservation.
    expect(card.getByRole('link', { name: 'Upgrade to Reserve' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: 'Reserve Item' })).not.toBeInTheDocument();
  });

  it("shows the sale's live state on a result card, with how long ago it was said", async () => {
    noGeolocation();
    const saidAt = new Date(Date.now() - 12 * 60_000).toISOString();
    mockFetch({
      'GET /api/items/search': () =>
        json([
          aSearchResult({ sale: aNestedSale({ live_state: 'winding_down', live_state_at: saidAt }) }),
          aSearchResult({ id: 101, title: 'Brass Lamp', sale: aNestedSale({ live_state: null, live_state_at: null }) }),
        ]),
    });
    renderScreen(<ItemSearch />, { path: '/search', route: '/search?q=table' });
    const table = within((await screen.findByRole('link', { name: 'Oak Dining Table' })).closest('article')!);
    expect(table.getByTestId('live-state')).toHaveTextContent('Winding down · 12 min ago');
    const lamp = within(screen.getByRole('link', { name: 'Brass Lamp' }).closest('article')!);
    expect(lamp.queryByTestId('live-state')).toBeNull();
  });

  it("shows 'No items found' for an empty answer, and for a failed search", async () => {
    noGeolocation();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/items/search': ({ url }) => (url.searchParams.get('q') === 'boom' ? json({ error: 'oops' }, 500) : json([])) });
    renderScreen(<ItemSearch />, { path: '/search', route: '/search?q=unicorn' });
    expect(await screen.findByRole('heading', { name: 'No items found' })).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Search for items'));
    await userEvent.type(screen.getByLabelText('Search for items'), 'boom');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to search items', expect.anything()));
    expect(await screen.findByRole('heading', { name: 'No items found' })).toBeInTheDocument();
  });

  it('shows 24 results at a time, and the next 24 on "Show more" while a full page came back', async () => {
    noGeolocation();
    const matches = Array.from({ length: 27 }, (_, index) => aSearchResult({ id: 500 + index, title: `Lamp ${index + 1}` }));
    const { calls } = mockFetch({
      'GET /api/items/search': ({ url }) => {
        const offset = Number(url.searchParams.get('offset') ?? 0);
        return json(matches.slice(offset, offset + Number(url.searchParams.get('limit'))));
      },
    });
    renderScreen(<ItemSearch />, { path: '/search', route: '/search?q=lamp' });
    expect(await screen.findByText('24+ items found')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(24);
    const first = calls.find((call) => call.url.pathname === '/api/items/search')!.url.searchParams;
    expect(first.get('limit')).toBe('24');
    expect(first.get('offset')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('27 items found')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(27);
    expect(screen.getByRole('link', { name: 'Lamp 27' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === '/api/items/search').map((call) => call.url.searchParams.get('offset'))).toEqual([
      null,
      '24',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('treats an answer that is not a list as no results', async () => {
    noGeolocation();
    mockFetch({ 'GET /api/items/search': () => json({ items: [] }) });
    renderScreen(<ItemSearch />, { path: '/search', route: '/search?q=lamp' });
    expect(await screen.findByRole('heading', { name: 'No items found' })).toBeInTheDocument();
  });

  it('lets a premium user reserve, then runs the search again', async () => {
    noGeolocation();
    signInAs({ ...testUser, id: 99, isPremium: true, premiumExpiresAt: '2031-01-01T00:00:00Z' });
    let reserved = false;
    const { calls } = mockFetch({
      'GET /api/items/search': () => json([aSearchResult({ is_reserved: reserved })]),
      'POST /api/items/100/reserve': () => {
        reserved = true;
        return json(aSearchResult({ is_reserved: true }));
      },
    });
    renderScreen(<ItemSearch />, { path: '/search', route: '/search?q=table' });

    // Premium users may search up to 100 miles.
    expect(await screen.findByRole('option', { name: 'Within 100 miles' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Reserve Item' }));
    // The confirmation takes the button's place on the card, where the user is looking.
    expect(await within(screen.getByRole('article')).findByText(`Reserved: ${aSearchResult().title}`)).toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByRole('link', { name: 'Pay now in My Reservations' })).toHaveAttribute(
      'href',
      '/my-reservations',
    );
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/items/search')).toHaveLength(2));
    expect(calls.filter((call) => call.url.pathname === '/api/items/search')).toHaveLength(2);
    expect(calls.find((call) => call.method === 'POST')!.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('only logs a failed reservation', async () => {
    noGeolocation();
    signInAs({ ...testUser, id: 99, isPremium: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch({
      'GET /api/items/search': () => json([aSearchResult()]),
      'POST /api/items/100/reserve': () => json({ error: 'Item is already reserved' }, 409),
    });
    renderScreen(<ItemSearch />, { path: '/search', route: '/search?q=table' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reserve Item' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to reserve item', expect.anything()));
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
