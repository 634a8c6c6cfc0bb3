import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { aSavedSearch } from '@/test/premium-fixtures';
import { SaveSearchAction, type CurrentSearch } from './save-search-action';
import { SavedSearchesList } from './saved-searches-list';

const search: CurrentSearch = {
  q: 'brass lamp',
  category: 'Home & Garden',
  maxPrice: '30',
  condition: '',
  radius: 10,
  latitude: 39.78,
  longitude: -89.65,
};
const premium = { ...testUser, isPremium: true, premiumExpiresAt: '2031-01-01T00:00:00Z' };

describe('Save this search', () => {
  afterEach(() => signOutForTest());

  it('is offered to premium members only: free users get the way to upgrade, visitors nothing', () => {
    const { unmount } = renderScreen(<SaveSearchAction search={search} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    unmount();
    signInAs();
    renderScreen(<SaveSearchAction search={search} />);
    expect(screen.getByRole('link', { name: 'Upgrade to save searches' })).toHaveAttribute('href', '/subscribe');
  });

  it('validates the name, then saves the words, filters, place and radius with the frequency', async () => {
    signInAs(premium);
    const { calls } = mockFetch({
      'POST /api/saved-searches': ({ body }) => json(aSavedSearch({ ...(body as object), id: 8, alertCount: 0 }), 201),
    });
    renderScreen(<SaveSearchAction search={search} />);
    const opener = screen.getByRole('button', { name: 'Save this search' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Save This Search' }); // loaded when opened
    const name = within(dialog).getByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveFocus()); // moved there once the dialog has mounted
    expect(name).toHaveValue('brass lamp');
    expect(dialog).toHaveTextContent('“brass lamp” · Home & Garden · up to $30.00 · within 10 miles');

    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Search' }));
    expect(name).toHaveAccessibleDescription(/Name is required/);
    await userEvent.type(name, 'x'.repeat(101));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Search' }));
    expect(name).toHaveAccessibleDescription(/Name must be at most 100 characters/);
    expect(calls).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, 'Brass lamps');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Daily digest/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Email me about matches/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Search' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved “Brass lamps”.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage saved searches' })).toHaveAttribute('href', '/saved-searches');
    expect(calls[0].body).toEqual({
      name: 'Brass lamps',
      q: 'brass lamp',
      category: 'Home & Garden',
      maxPrice: 30,
      condition: null,
      latitude: 39.78,
      longitude: -89.65,
      radius: 10,
      frequency: 'daily',
      emailEnabled: false,
    });
  }, 15_000); // many steps, and the dialog loads on demand: slow on a busy machine

  it('shows the server’s refusal of the words, and Escape cancels back to the button', async () => {
    signInAs(premium);
    mockFetch({
      'POST /api/saved-searches': () =>
        json(
          { error: 'Validation failed', details: [{ field: 'q', message: 'Search text needs at least one word that can be searched' }] },
          400,
        ),
    });
    renderScreen(<SaveSearchAction search={{ ...search, q: 'the and', latitude: undefined, longitude: undefined }} />);
    const opener = screen.getByRole('button', { name: 'Save this search' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('“the and” · Home & Garden · up to $30.00 · anywhere');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Search' }));
    expect(await within(dialog).findByText('Search text needs at least one word that can be searched')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('Saved searches page', () => {
  afterEach(() => signOutForTest());

  it('tells a free user it is a premium feature without asking the server', () => {
    signInAs();
    const { calls } = mockFetch({});
    renderScreen(<SavedSearchesList />, { path: '/saved-searches' });
    expect(screen.getByRole('heading', { name: 'Saved searches are a Premium feature' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscribe');
    expect(calls).toHaveLength(0);
  });

  it('lists the searches with their alert counts; edits and deletes one', async () => {
    signInAs(premium);
    let searches = [
      aSavedSearch({ id: 3, name: 'Lamps', alertCount: 2 }),
      aSavedSearch({
        id: 4,
        name: 'Bikes',
        q: 'bike',
        category: null,
        maxPrice: null,
        latitude: null,
        longitude: null,
        radius: null,
        frequency: 'daily',
        emailEnabled: false,
        alertCount: 0,
        lastAlertAt: null,
      }),
    ];
    const { calls } = mockFetch({
      'GET /api/saved-searches': () => json(searches),
      'PUT /api/saved-searches/3': ({ body }) => {
        searches = [{ ...searches[0], ...(body as object) }, searches[1]];
        return json(searches[0]);
      },
      'DELETE /api/saved-searches/4': () => {
        searches = searches.slice(0, 1);
        return new Response(null, { status: 204 });
      },
    });
    renderScreen(<SavedSearchesList />, { path: '/saved-searches' });
    const lamps = (await screen.findByRole('heading', { name: 'Lamps' })).closest('article')!;
    expect(lamps).toHaveTextContent('“lamp” · Home & Garden · up to $50.00 · within 25 miles');
    expect(lamps).toHaveTextContent('2 alerts');
    expect(lamps).toHaveTextContent('Instant');
    expect(within(lamps).getByRole('link', { name: 'Run search Lamps' })).toHaveAttribute(
      'href',
      '/search?q=lamp&category=Home+%26+Garden&maxPrice=50',
    );
    const bikes = screen.getByRole('heading', { name: 'Bikes' }).closest('article')!;
    expect(bikes).toHaveTextContent('“bike” · anywhere');
    expect(bikes).toHaveTextContent('Daily digest');
    expect(bikes).toHaveTextContent('EmailOff');

    await userEvent.click(within(lamps).getByRole('button', { name: 'Edit Lamps' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Saved Search' });
    await userEvent.clear(within(dialog).getByLabelText(/^Search words/));
    await userEvent.type(within(dialog).getByLabelText(/^Search words/), 'floor lamp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(/“floor lamp”/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({
      name: 'Lamps',
      q: 'floor lamp',
      category: 'Home & Garden',
      latitude: 39.8,
      radius: 25,
    });

    await userEvent.click(within(bikes).getByRole('button', { name: 'Delete Bikes' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete Search' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Bikes' })).not.toBeInTheDocument());
  });
});
