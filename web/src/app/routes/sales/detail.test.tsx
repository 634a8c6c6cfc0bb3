import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aSale, anItem } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import SaleDetailRoute from './detail';

const sale = { ...aSale(), items: [anItem({ id: 5, title: 'Desk Lamp', price: 8 })] };

function renderPage() {
  return renderScreen(<SaleDetailRoute />, { path: '/sales/:id', route: '/sales/1' });
}

/** The sale's page adds the heart, the calendar file and "Add to plan" to the sale feature's view. */
describe('Sale page', () => {
  afterEach(() => signOutForTest());

  it('gives a signed-in shopper the heart, Add to calendar, Add to plan and a heart per item', async () => {
    signInAs({ ...testUser, id: 55 });
    mockFetch({
      'GET /api/sales/1': () => json(sale),
      'GET /api/favorites/ids': () => json({ saleIds: [1], itemIds: [] }),
    });
    renderPage();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Maple Street Moving Sale' });
    // The labelled heart sits next to the title.
    const heart = await within(heading.parentElement!).findByRole('button', { name: 'Saved' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');

    const when = screen.getByRole('region', { name: 'When' });
    const calendar = within(when).getByRole('link', { name: 'Add to calendar' });
    expect(calendar).toHaveAttribute('href', '/api/sales/1/calendar.ics');
    const plan = within(when).getByRole('button', { name: 'Add to plan' });
    expect(plan).toHaveAttribute('aria-pressed', 'false');
    // Calendar first, then the plan, as on the page before.
    expect(calendar.compareDocumentPosition(plan) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const lamp = screen.getByRole('link', { name: 'Desk Lamp' }).closest('article')!;
    expect(within(lamp).getByRole('button', { name: 'Save item: Desk Lamp' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('offers no Add to plan for a sale that is over, but still the calendar file', async () => {
    signInAs({ ...testUser, id: 55 });
    mockFetch({
      'GET /api/sales/1': () => json({ ...sale, status: 'completed' }),
      'GET /api/favorites/ids': () => json({ saleIds: [], itemIds: [] }),
    });
    renderPage();
    const when = await screen.findByRole('region', { name: 'When' });
    expect(within(when).getByRole('link', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(within(when).queryByRole('button', { name: 'Add to plan' })).not.toBeInTheDocument();
  });

  it('gives a visitor the calendar file only: no hearts, no plan', async () => {
    const { calls } = mockFetch({ 'GET /api/sales/1': () => json(sale) });
    renderPage();
    const when = await screen.findByRole('region', { name: 'When' });
    expect(within(when).getByRole('link', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save|^Saved|Add to plan/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/favorites/ids')).toBe(false);
  });
});
