import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { SubscribePage } from './subscribe-page';

const simulated = { provider: 'simulated', publishableKey: null, priceCents: 199, currency: 'usd' };

describe('Subscribe', () => {
  afterEach(() => signOutForTest());

  it('shows the feature cards, the $1.99/year price card and the FAQ', () => {
    mockFetch({});
    renderScreen(<SubscribePage />, { path: '/subscribe' });
    expect(screen.getByText('$1.99')).toBeInTheDocument();
    expect(screen.getByText('/year')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reserve & Pay in Advance' })).toBeInTheDocument();
    expect(screen.getByText('Can I cancel anytime?')).toBeInTheDocument();
    expect(screen.getByText(/within 30 days for a full refund/)).toBeInTheDocument();
    expect(screen.getByText(/pay for it upfront.*collect it during the sale hours/)).toBeInTheDocument();
  });

  it('sends a visitor to sign in first', async () => {
    mockFetch({});
    const { router } = renderScreen(<SubscribePage />, { path: '/subscribe', routes: [{ path: '/login', element: <p>Login page</p> }] });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Now' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/subscribe' });
  });

  it('runs the simulated flow: subscribe, TEST MODE step, confirm, then premium', async () => {
    signInAs();
    const premiumUser = { ...testUser, isPremium: true, premiumExpiresAt: '2031-06-01T00:00:00Z' };
    const { calls } = mockFetch({
      'GET /api/payments/config': () => json(simulated),
      'POST /api/payments/subscribe': () => json({ paymentIntentId: 'pi_sim_1', clientSecret: 'pi_sim_1_secret' }),
      'POST /api/payments/confirm-subscription': () => json({ success: true, premiumExpiresAt: premiumUser.premiumExpiresAt }),
      'GET /api/users/me': () => json(premiumUser),
    });
    renderScreen(<SubscribePage />, { path: '/subscribe' });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Now' }));
    expect(await screen.findByText('TEST MODE')).toBeInTheDocument();
    expect(screen.getByText(/No card is collected/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Complete Test Payment ($1.99)' }));
    expect(await screen.findByRole('heading', { name: "You're Premium!" })).toBeInTheDocument();
    expect(screen.getByText('Your membership is active until June 1, 2031.')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/payments/confirm-subscription')!.body).toEqual({
      paymentIntentId: 'pi_sim_1',
    });
  });

  it('waits for auth to apply the payment, which it does a moment after the confirmation', async () => {
    signInAs();
    const premiumUser = { ...testUser, isPremium: true, premiumExpiresAt: '2031-06-01T00:00:00Z' };
    const answers = [testUser, premiumUser]; // the first read comes before auth consumed payment.succeeded
    const { calls } = mockFetch({
      'GET /api/payments/config': () => json(simulated),
      'POST /api/payments/subscribe': () => json({ paymentIntentId: 'pi_sim_1', clientSecret: 'pi_sim_1_secret' }),
      'POST /api/payments/confirm-subscription': () => json({ success: true, premiumExpiresAt: premiumUser.premiumExpiresAt }),
      'GET /api/users/me': () => json(answers.shift() ?? premiumUser),
    });
    renderScreen(<SubscribePage />, { path: '/subscribe' });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Now' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Test Payment ($1.99)' }));
    expect(await screen.findByRole('heading', { name: "You're Premium!" })).toBeInTheDocument();
    expect(screen.getByText('Your membership is active until June 1, 2031.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === '/api/users/me')).toHaveLength(2);
  });

  it("shows 'Failed to create subscription' in a red alert", async () => {
    signInAs();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/payments/config': () => json(simulated),
      'POST /api/payments/subscribe': () => json({ error: 'down' }, 503),
    });
    renderScreen(<SubscribePage />, { path: '/subscribe' });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create subscription');
  });

  it("shows 'Subscription failed' when the confirmation fails without a message", async () => {
    signInAs();
    mockFetch({
      'GET /api/payments/config': () => json(simulated),
      'POST /api/payments/subscribe': () => json({ paymentIntentId: 'pi_sim_1', clientSecret: 's' }),
      'POST /api/payments/confirm-subscription': () => new Response('', { status: 500 }),
    });
    renderScreen(<SubscribePage />, { path: '/subscribe' });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade Now' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Test Payment ($1.99)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Subscription failed');
  });

  it("greets a premium user with 'You're Premium!'", () => {
    signInAs({ ...testUser, isPremium: true, premiumExpiresAt: '2031-06-01T00:00:00Z' });
    renderScreen(<SubscribePage />, { path: '/subscribe' });
    expect(screen.getByRole('heading', { name: "You're Premium!" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade Now' })).not.toBeInTheDocument();
  });
});
