import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HostedReservation } from '@garage/contracts';
import { json, mockFetch, renderScreen, signInAs, signOutForTest } from '@/test/render';
import { PayoutSetup, SaleReservations } from './sale-reservations';

const paid: HostedReservation = {
  id: 7,
  item_id: 100,
  item_title: 'Oak Dining Table',
  status: 'paid',
  amount_cents: 2500,
  currency: 'usd',
  shopper_first_name: 'Sam',
  shopper_last_name: 'Shopper',
  paid_at: new Date().toISOString(),
  collected_at: null,
};

describe('Reservations of a sale (host)', () => {
  afterEach(() => signOutForTest());

  it('lists who comes for what and marks an item collected with the pickup code', async () => {
    signInAs();
    let reservation = paid;
    let sent: unknown = null;
    mockFetch({
      'GET /api/reservations/by-sale/1': () => json([reservation]),
      'POST /api/reservations/7/collect': (call) => {
        sent = call.body;
        if ((sent as { pickupCode: string }).pickupCode !== 'K7M2QX') return json({ error: 'Pickup code does not match' }, 400);
        reservation = { ...paid, status: 'collected', collected_at: new Date().toISOString() };
        return json(reservation);
      },
    });
    renderScreen(<SaleReservations saleId={1} />, { path: '/sales/1/reservations' });

    const row = await screen.findByRole('article', { name: 'Oak Dining Table' });
    expect(within(row).getByText('Sam Shopper')).toBeInTheDocument();
    expect(within(row).getByText('$25.00')).toBeInTheDocument();
    const code = within(row).getByLabelText('Pickup code from Sam Shopper');
    await userEvent.type(code, 'WRONG1');
    await userEvent.click(within(row).getByRole('button', { name: 'Collected' }));
    expect(await within(row).findByText('Pickup code does not match')).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, 'K7M2QX');
    await userEvent.click(within(row).getByRole('button', { name: 'Collected' }));
    expect(await screen.findByText('Handed over')).toBeInTheDocument();
    expect(sent).toEqual({ pickupCode: 'K7M2QX' });
  });

  it('shows a card per reservation with its photo, and the limit on wrong codes in words', async () => {
    signInAs();
    mockFetch({
      'GET /api/reservations/by-sale/1': () => json([paid]),
      'POST /api/reservations/7/collect': () => json({ error: 'Too many wrong pickup codes. Try again in 15 minutes.' }, 429),
    });
    renderScreen(<SaleReservations saleId={1} photos={new Map([[100, '/api/images/table.jpg']])} />, { path: '/sales/1/reservations' });

    const card = await screen.findByRole('article', { name: 'Oak Dining Table' });
    expect(card.querySelector('img')).toHaveAttribute('src', '/api/images/table.jpg');
    const code = within(card).getByLabelText('Pickup code from Sam Shopper');
    // The code's alphabet is letters and digits: the keyboard opens on capitals, and a phone may fill it in.
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('autocapitalize', 'characters');
    await userEvent.type(code, 'k7m-2q o');
    expect(code).toHaveValue('K7M2Q');
    await userEvent.click(within(card).getByRole('button', { name: 'Collected' }));
    expect(await within(card).findByText('Too many wrong pickup codes. Try again in 15 minutes.')).toBeInTheDocument();
  });

  it('opens the payout onboarding page', async () => {
    signInAs();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockFetch({ 'POST /api/payouts/onboarding': () => json({ url: 'https://connect.stripe.test/setup/acct_1', accountId: 'acct_1' }) });
    renderScreen(<PayoutSetup />, { path: '/sales/1/reservations' });
    await userEvent.click(screen.getByRole('button', { name: 'Set up payouts' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/setup/acct_1'));
    vi.unstubAllGlobals();
  });
});
