import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aSale } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, stubGeolocation, testUser } from '@/test/render';
import { SaleDetail } from '../components/sale-detail';
import { confirmedText, liveStateText } from './live-state';

// Noon on the sale's first day (the fixture's 2030-06-14, 08:00–16:00), on the browser's clock.
const NOON = new Date(2030, 5, 14, 12, 0);
const minutesBefore = (minutes: number) => new Date(NOON.getTime() - minutes * 60_000).toISOString();

function renderSale() {
  return renderScreen(<SaleDetail saleId="1" />, { path: '/sales/:id', route: '/sales/1' });
}

describe('live status texts', () => {
  it('says the state with how long ago, "Ended" alone, and the confirmations', () => {
    const now = NOON.getTime();
    expect(liveStateText({ live_state: 'winding_down', live_state_at: minutesBefore(12) }, now)).toBe('Winding down · 12 min ago');
    expect(liveStateText({ live_state: 'ended', live_state_at: minutesBefore(5) }, now)).toBe('Ended');
    expect(liveStateText({ live_state: 'likely_over', live_state_at: minutesBefore(0) }, now)).toBe('Likely over · just now');
    expect(liveStateText({ live_state: null, live_state_at: null }, now)).toBeNull();
    expect(confirmedText({ confirmed_at: minutesBefore(12), confirmed_count: 3 }, now)).toBe('Confirmed 12 min ago by 3 shoppers');
    expect(confirmedText({ confirmed_at: minutesBefore(12), confirmed_count: 0 }, now)).toBeNull();
  });
});

describe('live status on the sale page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOON);
  });
  afterEach(() => {
    vi.useRealTimers();
    signOutForTest();
  });

  it('gives the host three one-tap buttons that set the live status', async () => {
    signInAs(testUser); // id 7 hosts the fixture sale
    let sale = { ...aSale({ live_state: null, live_state_at: null }), items: [] };
    const { calls } = mockFetch({
      'GET /api/sales/1': () => json(sale),
      'PUT /api/sales/1/live-status': () => {
        sale = { ...sale, live_state: 'winding_down', live_state_at: NOON.toISOString() };
        return json(sale);
      },
    });
    renderSale();
    const group = await screen.findByRole('group', { name: 'Live status' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Open now', 'Winding down', 'Closed early']);
    await userEvent.click(within(group).getByRole('button', { name: 'Winding down' }));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ state: 'winding_down' });
    expect((await screen.findAllByText('Winding down · just now')).length).toBeGreaterThan(0);
    expect(within(group).getByRole('button', { name: 'Winding down' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('Still going?')).not.toBeInTheDocument();
  });

  it('asks a signed-in shopper "Still going?", sends where she is, and shows the server\'s refusal', async () => {
    signInAs({ ...testUser, id: 55 });
    stubGeolocation({
      getCurrentPosition: (success: PositionCallback) =>
        success({ coords: { latitude: 39.81, longitude: -89.6 } } as unknown as GeolocationPosition),
    });
    const sale = { ...aSale({ confirmed_at: minutesBefore(12), confirmed_count: 3 }), items: [] };
    let refuse = false;
    const { calls } = mockFetch({
      'GET /api/sales/1': () => json(sale),
      'POST /api/sales/1/check-ins': () =>
        refuse
          ? json({ error: 'You already answered for this sale in the last hour' }, 429)
          : json(
              {
                check_in: { id: 1, sale_id: 1, going: true, created_at: NOON.toISOString() },
                live_state: null,
                live_state_at: null,
                confirmed_at: NOON.toISOString(),
                confirmed_count: 4,
              },
              201,
            ),
    });
    renderSale();
    expect(await screen.findByText('Confirmed 12 min ago by 3 shoppers')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, it’s on' }));
    expect(await screen.findByText(/Thanks, your answer helps/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ going: true, latitude: 39.81, longitude: -89.6 });
    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'No, it’s over' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already answered for this sale in the last hour');
    expect(screen.queryByRole('group', { name: 'Live status' })).not.toBeInTheDocument();
  });

  it('shows "Ended" past the hours and offers no buttons', async () => {
    signInAs({ ...testUser, id: 55 });
    mockFetch({ 'GET /api/sales/1': () => json({ ...aSale({ live_state: 'ended', live_state_at: minutesBefore(30) }), items: [] }) });
    renderSale();
    expect((await screen.findAllByText('Ended')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Still going?')).not.toBeInTheDocument();
  });
});
