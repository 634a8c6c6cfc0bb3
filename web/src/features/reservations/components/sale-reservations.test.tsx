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

    const row = (await screen.findByText('Oak Dining Table')).closest('tr')!;
    expect(within(row).getByText('Sam Shopper')).toBeInTheDocument();
    expect(within(row).getByText('$25.00')).toBeInTheDocument();
    const code = within(row).getByLabelText('Pickup code for Oak Dining Table');
    await userEvent.type(code, 'WRONG1');
    await userEvent.click(within(row).getByRole('button', { name: 'Collected' }));
    expect(await within(row).findByText('Pickup code does not match')).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, 'K7M2QX');
    await userEvent.click(within(row).getByRole('button', { name: 'Collected' }));
    expect(await screen.findByText('Handed over')).toBeInTheDocument();
    expect(sent).toEqual({ pickupCode: 'K7M2QX' });
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
