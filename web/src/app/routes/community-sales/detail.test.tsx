import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aCommunitySale, someEntries } from '@/test/community-sale-fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import CommunitySaleRoute from './detail';

function renderPage() {
  return renderScreen(<CommunitySaleRoute />, {
    path: '/community-sales/:id',
    route: '/community-sales/3',
    routes: [{ path: '/plan/:id', element: <p>Plan page</p> }],
  });
}

const withAddresses = () => someEntries().map((entry) => ({ ...entry, sale: { ...entry.sale, address: `${entry.sale.id} Main St` } }));

describe('Community sale page', () => {
  afterEach(() => signOutForTest());

  it('shows a visitor the numbered list without addresses, the map pins, Print, and sign-in for Follow and the plan', async () => {
    const { calls } = mockFetch({
      'GET /api/community-sales/3': () => json(aCommunitySale()),
      'GET /api/community-sales/3/sales': () => json(someEntries()),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hopewell Town-wide Garage Sale' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Numbered sales' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^1.*1\. Oak Street Sale.*Springfield, IL.*Furniture.*Toys.*2 items/),
      expect.stringMatching(/^2.*Elm Street Sale.*Books/),
      expect.stringMatching(/^3.*Birch Street Sale.*Furniture/),
    ]);
    expect(list.textContent).not.toMatch(/Main St/);
    // The map picture has a numbered pin per sale.
    expect(screen.getByRole('button', { name: '2. Elm Street Sale' })).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute('href', '/api/community-sales/3/print.pdf');
    expect(screen.getByRole('link', { name: 'Sign in to Follow' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign in to Plan' })).toBeInTheDocument();
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
  });

  it('gives a member streets, and narrows the list and the map by category and by number', async () => {
    signInAs({ ...testUser, id: 55 });
    mockFetch({
      'GET /api/community-sales/3': () => json(aCommunitySale()),
      'GET /api/community-sales/3/sales': () => json(withAddresses()),
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Numbered sales' });
    expect(within(list).getByText('11 Main St, Springfield')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('group', { name: 'Categories' })).getByRole('button', { name: 'Furniture' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: '2. Elm Street Sale' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3 sales')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Sale numbers'), '3');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.clear(screen.getByLabelText('Sale numbers'));
    await userEvent.type(screen.getByLabelText('Sale numbers'), 'x');
    expect(screen.getByText('Numbers like 3, 7 or 12-20')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview My Route' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByText('Showing 3 of 3 sales')).toBeInTheDocument();
  });

  it('searches its items only, and keeps the sales with matches as a filter', async () => {
    signInAs({ ...testUser, id: 55 });
    const { calls } = mockFetch({
      'GET /api/community-sales/3': () => json(aCommunitySale()),
      'GET /api/community-sales/3/sales': () => json(withAddresses()),
      'GET /api/items/search': () =>
        json([
          { id: 1, title: 'Brass lamp', price: 12, garage_sale_id: 12, sale_title: 'Elm Street Sale', category: 'Books', image_urls: [] },
        ]),
    });
    renderPage();
    await screen.findByRole('list', { name: 'Numbered sales' });
    await userEvent.type(screen.getByLabelText('Items at this community sale'), 'lamp');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const found = await screen.findByRole('list', { name: 'Matching items' });
    expect(found).toHaveTextContent('Brass lamp');
    expect(found).toHaveTextContent('at #2 Elm Street Sale');
    const search = calls.find((call) => call.url.pathname === '/api/items/search')!;
    expect(search.url.searchParams.get('communitySaleId')).toBe('3');
    expect(search.url.searchParams.get('q')).toBe('lamp');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only sales with items matching “lamp”' }));
    expect(within(screen.getByRole('list', { name: 'Numbered sales' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('plans a premium member’s route from the community sale and the filters on screen, and opens it', async () => {
    signInAs({ ...testUser, id: 55, isPremium: true });
    const { calls } = mockFetch({
      'GET /api/community-sales/3': () => json(aCommunitySale()),
      'GET /api/community-sales/3/sales': () => json(withAddresses()),
      'POST /api/route-plans': () => json({ id: 77 }, 201),
    });
    renderPage();
    await screen.findByRole('list', { name: 'Numbered sales' });
    await userEvent.click(screen.getByRole('button', { name: 'Furniture' }));
    await userEvent.selectOptions(screen.getByLabelText('Day'), '2030-06-15');
    expect(screen.getByLabelText('Start time')).toHaveValue('09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Plan My Route' }));
    expect(await screen.findByText('Plan page')).toBeInTheDocument();
    const plan = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/route-plans')!;
    expect(plan.body).toMatchObject({
      date: '2030-06-15',
      startTime: '09:00',
      start: { latitude: 39.8, longitude: -89.6 },
      communitySaleId: 3,
      saleIds: [],
      filters: { categories: ['Furniture'], numbers: [], q: null },
    });
  });

  it('shows a free member the preview with the way to upgrade', async () => {
    signInAs({ ...testUser, id: 55 });
    const { calls } = mockFetch({
      'GET /api/community-sales/3': () => json(aCommunitySale()),
      'GET /api/community-sales/3/sales': () => json(withAddresses()),
      'POST /api/route-plans/preview': () =>
        json({
          summary: { requested: 3, plannable: 3, unplannable: 0, totalDriveMinutes: 25, finishAt: '2030-06-14T10:30:00-05:00' },
          upgradeRequired: true,
          plan: null,
        }),
    });
    renderPage();
    await screen.findByRole('list', { name: 'Numbered sales' });
    await userEvent.click(screen.getByRole('button', { name: 'Preview My Route' }));
    expect(await screen.findByRole('link', { name: 'Upgrade to See Your Route' })).toHaveAttribute('href', '/subscribe');
    expect(calls.find((call) => call.url.pathname === '/api/route-plans/preview')!.body).toMatchObject({
      communitySaleId: 3,
      filters: null,
    });
  });

  it('follows and unfollows, and shows what the server says on every visit', async () => {
    signInAs({ ...testUser, id: 55 });
    let following = false;
    const follow = () => ({ communitySaleId: 3, following, followedAt: following ? '2030-06-01T00:00:00Z' : null });
    const { calls } = mockFetch({
      'GET /api/community-sales/3': () => json(aCommunitySale()),
      'GET /api/community-sales/3/sales': () => json(someEntries()),
      'GET /api/community-sales/3/follow': () => json(follow()),
      'POST /api/community-sales/3/follow': () => {
        following = true;
        return json(follow(), 201);
      },
      'DELETE /api/community-sales/3/follow': () => {
        following = false;
        return json(null, 204);
      },
    });
    const first = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    first.unmount();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls.filter((call) => call.url.pathname.endsWith('/follow')).map((call) => call.method)).toEqual([
      'GET',
      'POST',
      'GET',
      'DELETE',
    ]);
  });

  it('says when the community sale does not exist', async () => {
    mockFetch({
      'GET /api/community-sales/3': () => json({ error: 'Community sale not found' }, 404),
      'GET /api/community-sales/3/sales': () => json([]),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Community Sale Not Found' })).toBeInTheDocument();
  });
});
