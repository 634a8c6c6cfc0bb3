import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyReservation } from '@garage/contracts';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';

const premiumMember = { ...testUser, isPremium: true, premiumExpiresAt: '2031-01-01T00:00:00Z' };
import { MyReservations } from './my-reservations';

// Stripe Elements loads Stripe.js from Stripe; here a stand-in card form that pays or fails on a click.
vi.mock('@/components/payments/stripe-card-step', () => ({
  default: ({
    clientSecret,
    amountLabel,
    onPaid,
    onFailed,
  }: {
    clientSecret: string;
    amountLabel: string;
    onPaid: () => void;
    onFailed: (message: string) => void;
  }) => (
    <div>
      <p>Card form for {clientSecret}</p>
      <button type="button" onClick={onPaid}>{`Card pay ${amountLabel}`}</button>
      <button type="button" onClick={() => onFailed('Your card was declined.')}>
        Decline
      </button>
    </div>
  ),
}));

const simulated = () => json({ provider: 'simulated', publishableKey: null });

function aReservation(overrides: Partial<MyReservation> = {}): MyReservation {
  return {
    id: 7,
    item_id: 100,
    status: 'pending',
    amount_cents: 2500,
    currency: 'usd',
    paymentIntentId: 'pi_sim_1',
    clientSecret: null,
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    pickup_code: null,
    end_reason: null,
    created_at: new Date().toISOString(),
    paid_at: null,
    collected_at: null,
    rated: false,
    item: { id: 100, title: 'Oak Dining Table', image_urls: [] },
    sale: {
      id: 1,
      title: 'Maple Street Moving Sale',
      address: '12 Maple St',
      city: 'Springfield',
      state: 'IL',
      start_date: '2099-05-03',
      end_date: '2099-05-04',
      start_time: '08:00',
      end_time: '14:00',
    },
    ...overrides,
  };
}

describe('My Reservations', () => {
  afterEach(() => signOutForTest());

  it('pays a held reservation and then shows the pickup code, the sale address and hours, and the calendar file', async () => {
    signInAs(premiumMember);
    let reservation = aReservation();
    const { calls } = mockFetch({
      'GET /api/payments/config': simulated,
      'GET /api/reservations/mine': () => json([reservation]),
      'POST /api/reservations/7/pay': () => {
        reservation = aReservation({ status: 'paid', pickup_code: 'K7M2QX', paid_at: new Date().toISOString() });
        return json(reservation);
      },
    });
    // The route puts the sale's calendar file in this slot (src/app/routes/reservations/mine.tsx); here, a stand-in.
    renderScreen(<MyReservations renderSaleActions={(saleId) => <a href={`/api/sales/${saleId}/calendar.ics`}>Add to calendar</a>} />, {
      path: '/my-reservations',
    });

    const card = await screen.findByRole('article', { name: 'Oak Dining Table' });
    expect(within(card).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(card).getByText('12 Maple St, Springfield, IL')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Add to calendar/i })).toHaveAttribute('href', '/api/sales/1/calendar.ics');
    await userEvent.click(await within(card).findByRole('button', { name: 'Pay $25.00' }));

    expect(await within(card).findByText('K7M2QX')).toBeInTheDocument();
    expect(within(card).getByText('Paid — ready for pickup')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/reservations/7/pay')).toBe(true);
  });

  it('shows why a payment failed', async () => {
    signInAs(premiumMember);
    mockFetch({
      'GET /api/payments/config': simulated,
      'GET /api/reservations/mine': () => json([aReservation()]),
      'POST /api/reservations/7/pay': () => json({ error: 'The hold on this item has lapsed' }, 409),
    });
    renderScreen(<MyReservations />, { path: '/my-reservations' });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $25.00' }));
    expect(await screen.findByText('The hold on this item has lapsed')).toBeInTheDocument();
  });

  it('with Stripe, charges the card in the card step first, then asks the server to confirm', async () => {
    signInAs(premiumMember);
    let reservation = aReservation({ clientSecret: 'pi_123_secret_abc', paymentIntentId: 'pi_123' });
    const { calls } = mockFetch({
      'GET /api/payments/config': () => json({ provider: 'stripe', publishableKey: 'pk_test_123' }),
      'GET /api/reservations/mine': () => json([reservation]),
      'POST /api/reservations/7/pay': () => {
        reservation = aReservation({ status: 'paid', pickup_code: 'Q4T8NP', paid_at: new Date().toISOString() });
        return json(reservation);
      },
    });
    renderScreen(<MyReservations />, { path: '/my-reservations' });

    const card = await screen.findByRole('article', { name: 'Oak Dining Table' });
    expect(await within(card).findByText('Card form for pi_123_secret_abc')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Pay $25.00' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    expect(await within(card).findByText('Your card was declined.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/reservations/7/pay')).toBe(false);

    await userEvent.click(within(card).getByRole('button', { name: 'Card pay $25.00' }));
    expect(await within(card).findByText('Q4T8NP')).toBeInTheDocument();
  });

  it('rates the host once after a pickup', async () => {
    signInAs(premiumMember);
    let reservation = aReservation({ status: 'collected', pickup_code: 'K7M2QX' });
    let sent: unknown = null;
    mockFetch({
      'GET /api/reservations/mine': () => json([reservation]),
      'POST /api/reservations/7/rating': (call) => {
        sent = call.body;
        reservation = { ...reservation, rated: true };
        return json({ stars: 4, review: 'Friendly host' }, 201);
      },
    });
    renderScreen(<MyReservations />, { path: '/my-reservations' });
    const form = await screen.findByRole('form', { name: 'Rate the host' });
    expect(within(form).getByRole('button', { name: 'Submit rating' })).toBeDisabled();
    await userEvent.click(within(form).getByLabelText('4 stars'));
    await userEvent.type(within(form).getByLabelText('Review (optional)'), 'Friendly host');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByText('Thanks for rating the host.')).toBeInTheDocument();
    expect(sent).toEqual({ stars: 4, review: 'Friendly host' });
  });

  it('says how to reserve when there is nothing yet', async () => {
    signInAs(premiumMember);
    mockFetch({ 'GET /api/reservations/mine': () => json([]) });
    renderScreen(<MyReservations />, { path: '/my-reservations' });
    expect(await screen.findByRole('heading', { name: 'No reservations yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'search' })).toHaveAttribute('href', '/search');
  });

  it('tells a free member that reserving is a Premium feature, with the way to upgrade', async () => {
    signInAs({ ...testUser, isPremium: false });
    mockFetch({ 'GET /api/reservations/mine': () => json([]) });
    renderScreen(<MyReservations />, { path: '/my-reservations' });
    expect(await screen.findByRole('heading', { name: 'Reserving items is a Premium feature' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscribe');
  });
});
