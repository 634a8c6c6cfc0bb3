import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aSale, anItem } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest } from '@/test/render';
import { SaleStatsPanel } from './sale-stats-panel';
import { chartDays } from './views-by-day-chart';

const sale = { ...aSale(), items: [anItem({ id: 5, title: 'Desk Lamp' }), anItem({ id: 6, title: 'Oak Table' })] };
const stats = {
  views: 12,
  uniqueViewers: 7,
  saves: 3,
  plans: 2,
  alertMatches: 4,
  reservations: 2,
  pickups: 1,
  checkIns: { going: 5, notGoing: 1 },
  items: [
    { itemId: 6, views: 9 },
    { itemId: 5, views: 2 },
  ],
  byDay: [
    { date: '2030-06-12', views: 4, uniqueViewers: 3 },
    { date: '2030-06-14', views: 8, uniqueViewers: 4 },
  ],
};

describe('Stats panel', () => {
  afterEach(() => signOutForTest());

  it('shows the host the counts, a bar per day and the views of each item by title', async () => {
    signInAs();
    const { calls } = mockFetch({ 'GET /api/sales/1': () => json(sale), 'GET /api/sales/1/stats': () => json(stats) });
    renderScreen(<SaleStatsPanel sale={sale} />);
    const panel = (await screen.findByRole('heading', { name: 'Stats' })).closest('section')!;
    await within(panel).findByText(/Still going\?”/);
    const figures = Object.fromEntries(
      [...panel.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    const figure = (label: string) => figures[label];
    expect(figure('Views')).toBe('12');
    expect(figure('Unique viewers')).toBe('7');
    expect(figure('Saves')).toBe('3');
    expect(figure('In route plans')).toBe('2');
    expect(figure('Alert matches')).toBe('4');
    expect(figure('Reservations')).toBe('2');
    expect(figure('Pickups')).toBe('1');
    expect(within(panel).getByText('“Still going?”: 5 yes, 1 no')).toBeInTheDocument();
    // Three days: the one nobody looked at is a zero between the others.
    expect(
      within(panel).getByRole('img', { name: /Jun 12: 4 views, 3 unique; Jun 13: 0 views, 0 unique; Jun 14: 8 views/ }),
    ).toBeInTheDocument();
    const items = within(panel)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(items).toEqual(['Oak Table9', 'Desk Lamp2']);
    expect(calls.some((call) => call.url.pathname === '/api/sales/1/stats')).toBe(true);
  });

  it('keeps two weeks at most, the latest', () => {
    const byDay = Array.from({ length: 20 }, (_, i) => ({ date: `2030-06-${String(i + 1).padStart(2, '0')}`, views: i, uniqueViewers: 1 }));
    const days = chartDays(byDay);
    expect(days).toHaveLength(14);
    expect(days[0]!.date).toBe('2030-06-07');
    expect(days[13]!.date).toBe('2030-06-20');
  });
});
