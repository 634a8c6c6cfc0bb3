import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Markdown } from '@garage/contracts';
import { markdownText } from '@garage/contracts/constants';
import { aSale } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { SaleDetail } from '../components/sale-detail';
import { saleDates, saleTimes } from './markdown-choices';

// The fixture sale: Friday 2030-06-14 to Saturday 2030-06-15, 08:00–16:00, hosted by user 7.
function renderSale() {
  return renderScreen(<SaleDetail saleId="1" />, { path: '/sales/:id', route: '/sales/1' });
}

afterEach(() => signOutForTest());

describe('the markdown text', () => {
  it('says half price for 50 % and the percentage otherwise, on the sale’s clock', () => {
    expect(markdownText(50, '2030-06-16T13:00')).toBe('Half price from 1 PM Sunday');
    expect(markdownText(25, '2030-06-16T13:00')).toBe('25 % off from 1 PM Sunday');
  });

  it('offers the sale’s days and half hours', () => {
    expect(saleDates('2030-06-14', '2030-06-16')).toEqual(['2030-06-14', '2030-06-15', '2030-06-16']);
    expect(saleTimes('08:00', '10:00')).toEqual(['08:00', '08:30', '09:00', '09:30']);
  });
});

describe('the upcoming markdown on the sale page', () => {
  it('shows the next markdown to every reader before it starts', async () => {
    mockFetch({
      'GET /api/sales/1': () => json({ ...aSale({ upcoming_markdown: { percent_off: 50, starts_at: '2030-06-15T13:00' } }), items: [] }),
    });
    renderSale();
    expect(await screen.findByTestId('upcoming-markdown')).toHaveTextContent('Half price from 1 PM Saturday');
    expect(screen.queryByRole('heading', { name: 'Schedule a markdown' })).not.toBeInTheDocument();
  });

  it('shows nothing without one', async () => {
    mockFetch({ 'GET /api/sales/1': () => json({ ...aSale({ upcoming_markdown: null }), items: [] }) });
    renderSale();
    await screen.findByRole('heading', { name: 'Maple Street Moving Sale' });
    expect(screen.queryByTestId('upcoming-markdown')).not.toBeInTheDocument();
  });
});

describe('the host’s markdown panel', () => {
  it('schedules a cut at a day and time of the sale, lists the markdowns and cancels a scheduled one', async () => {
    signInAs(testUser);
    let markdowns: Markdown[] = [{ id: 3, saleId: 1, percentOff: 20, startsAt: '2030-06-14T12:00', status: 'applied' }];
    const { calls } = mockFetch({
      'GET /api/sales/1': () => json({ ...aSale(), items: [] }),
      'GET /api/markdowns': () => json(markdowns),
      'POST /api/markdowns': (call) => {
        const body = call.body as { percentOff: number; startsAt: string };
        const created: Markdown = { id: 4, saleId: 1, ...body, status: 'scheduled' };
        markdowns = [...markdowns, created];
        return json(created, 201);
      },
      'DELETE /api/markdowns/4': () => {
        markdowns = markdowns.map((m) => (m.id === 4 ? { ...m, status: 'cancelled' } : m));
        return new Response(null, { status: 204 });
      },
    });
    renderSale();
    const panel = (await screen.findByRole('heading', { name: 'Schedule a markdown' })).closest('section')!;
    expect(await within(panel).findByText('20 % off from 12 PM Friday')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Cancel 20/ })).not.toBeInTheDocument();

    await userEvent.selectOptions(within(panel).getByLabelText('Percent off'), '25');
    await userEvent.selectOptions(within(panel).getByLabelText('Day'), '2030-06-15');
    await userEvent.selectOptions(within(panel).getByLabelText('Time'), '13:00');
    await userEvent.click(within(panel).getByRole('button', { name: 'Schedule' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ saleId: 1, percentOff: 25, startsAt: '2030-06-15T13:00' });
    expect(await within(panel).findByText('25 % off from 1 PM Saturday')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel 25 % off from 1 PM Saturday' }));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/markdowns/4')).toBe(true);
    expect(await within(panel).findByText('Cancelled')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'GET' && c.url.pathname === '/api/markdowns')?.url.searchParams.get('saleId')).toBe('1');
  });

  it('shows the server’s refusal', async () => {
    signInAs(testUser);
    mockFetch({
      'GET /api/sales/1': () => json({ ...aSale(), items: [] }),
      'GET /api/markdowns': () => json([]),
      'POST /api/markdowns': () =>
        json(
          { error: 'Starts at must be in the future', details: [{ field: 'startsAt', message: 'Starts at must be in the future' }] },
          400,
        ),
    });
    renderSale();
    const panel = (await screen.findByRole('heading', { name: 'Schedule a markdown' })).closest('section')!;
    await userEvent.click(within(panel).getByRole('button', { name: 'Schedule' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Starts at must be in the future');
  });
});
