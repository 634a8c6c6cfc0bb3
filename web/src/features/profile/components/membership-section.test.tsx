import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Membership } from '@garage/contracts';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { ProfileSettings } from './profile-settings';

const active: Membership = {
  status: 'active',
  isPremium: true,
  renewsAt: '2027-03-02T10:00:00.000Z',
  endsAt: null,
  priceCents: 199,
  currency: 'usd',
  refund: { eligible: true, until: '2026-04-01T10:00:00.000Z', amountCents: 199 },
};
const cancelled: Membership = { ...active, status: 'cancelled', renewsAt: null, endsAt: '2027-03-02T10:00:00.000Z' };
const receipts = {
  receipts: [
    {
      id: 1,
      kind: 'charge',
      description: 'Garage Premium membership, one year',
      amountCents: 199,
      currency: 'usd',
      occurredAt: '2026-03-02T10:00:00.000Z',
      paymentIntentId: 'pi_1',
    },
  ],
};

describe('Profile settings: membership', () => {
  afterEach(() => signOutForTest());

  it('cancels (after confirming), shows "Ends on …", and resumes', async () => {
    signInAs({ ...testUser, isPremium: true, premiumExpiresAt: '2027-03-02T10:00:00Z' });
    const { calls } = mockFetch({
      'GET /api/payments/membership': () => json(active),
      'GET /api/payments/receipts': () => json(receipts),
      'POST /api/payments/membership/cancel': () => json(cancelled),
      'POST /api/payments/membership/resume': () => json(active),
    });
    renderScreen(<ProfileSettings />, { path: '/profile' });
    expect(await screen.findByText('Renews on March 2, 2027 for $1.99/year.')).toBeInTheDocument();
    expect(screen.getByText('Your membership renews on March 2, 2027')).toBeInTheDocument();
    expect(await screen.findByText('Garage Premium membership, one year')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel and refund' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel membership' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your membership?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));
    expect(await screen.findByText(/^Ends on March 2, 2027\./)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/payments/membership/cancel']);

    await userEvent.click(screen.getByRole('button', { name: 'Resume membership' }));
    expect(await screen.findByText('Renews on March 2, 2027 for $1.99/year.')).toBeInTheDocument();
    expect(screen.getByText('Membership resumed. It renews on March 2, 2027.')).toBeInTheDocument();
  });

  it('refunds after confirming, and says premium has ended', async () => {
    signInAs({ ...testUser, isPremium: true, premiumExpiresAt: '2027-03-02T10:00:00Z' });
    const refunded: Membership = {
      ...active,
      status: 'refunded',
      isPremium: false,
      renewsAt: null,
      endsAt: '2026-03-20T10:00:00.000Z',
      refund: { ...active.refund, eligible: false },
    };
    mockFetch({
      'GET /api/payments/membership': () => json(active),
      'GET /api/payments/receipts': () => json(receipts),
      'POST /api/payments/membership/refund': () =>
        json({ refund: { paymentIntentId: 'pi_1', amountCents: 199, currency: 'usd', refundedAt: refunded.endsAt }, membership: refunded }),
      'GET /api/users/me': () => json({ ...testUser, isPremium: false }),
    });
    renderScreen(<ProfileSettings />, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel and refund your membership?' });
    expect(dialog).toHaveTextContent('You get $1.99 back in full and premium ends now.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText('Refunded $1.99 in full. Premium has ended.')).toBeInTheDocument();
    expect(screen.getByText('Refunded. Premium ended on March 20, 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel and refund' })).not.toBeInTheDocument();
  });

  it('shows a refund refused after 30 days as its text', async () => {
    signInAs({ ...testUser, isPremium: true, premiumExpiresAt: '2027-03-02T10:00:00Z' });
    const error = 'The 30-day money-back guarantee has passed: your latest payment was more than 30 days ago.';
    mockFetch({
      'GET /api/payments/membership': () => json(active),
      'GET /api/payments/receipts': () => json(receipts),
      'POST /api/payments/membership/refund': () => json({ error }, 409),
    });
    renderScreen(<ProfileSettings />, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText(error)).toBeInTheDocument();
  });
});
