import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyReservation, Offer } from '@garage/contracts';
import { anItem } from '@/test/fixtures';
import { json, mockFetch, renderScreen, signInAs, signOutForTest, testUser } from '@/test/render';
import { MakeOffer } from './make-offer';
import { OfferInThread } from './offer-in-thread';
import { OffersPage } from './offers-page';

const SHOPPER = { ...testUser, id: 55, firstName: 'Sam', isPremium: true };
const HOST = testUser;

function anOffer(overrides: Partial<Offer> = {}): Offer {
  const now = new Date().toISOString();
  return {
    id: 4,
    itemId: 9,
    saleId: 2,
    buyerId: SHOPPER.id,
    hostId: HOST.id,
    amount: 20,
    status: 'open',
    counterAmount: null,
    agreedAmount: null,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    reservationId: null,
    message: null,
    createdAt: now,
    updatedAt: now,
    item: { id: 9, title: 'Oak rocking chair', price: 40, imageUrls: [] },
    saleTitle: 'Maple Street Sale',
    ...overrides,
  };
}

afterEach(() => signOutForTest());

describe('Make an offer', () => {
  const item = anItem({ id: 9, user_id: HOST.id, price: 40, garage_sale_id: 2 });

  it('sends an amount below the price and shows the open offer', async () => {
    signInAs(SHOPPER);
    const { calls } = mockFetch({
      'GET /api/offers': () => json([]),
      'POST /api/items/9/offers': ({ body }) => json(anOffer({ amount: (body as { amount: number }).amount }), 201),
    });
    renderScreen(<MakeOffer item={item} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make an offer' }));
    await userEvent.type(screen.getByLabelText('Your offer ($)'), '45');
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(screen.getByLabelText('Your offer ($)')).toHaveAccessibleDescription(/Offer less than the price, \$40\.00/);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Your offer ($)'));
    await userEvent.type(screen.getByLabelText('Your offer ($)'), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Offer sent: $25.00')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ amount: 25 });
    expect(screen.getByRole('link', { name: 'See your offers' })).toHaveAttribute('href', '/offers');
  });

  it('shows a floor’s polite decline, and a counter waiting for the shopper', async () => {
    signInAs(SHOPPER);
    mockFetch({
      'GET /api/offers': () => json([]),
      'POST /api/items/9/offers': () =>
        json(anOffer({ amount: 5, status: 'declined', message: 'Thanks for your offer! Try a higher one.' }), 201),
    });
    const { unmount } = renderScreen(<MakeOffer item={item} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make an offer' }));
    await userEvent.type(screen.getByLabelText('Your offer ($)'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Offer declined')).toBeInTheDocument();
    expect(screen.getByText('Thanks for your offer! Try a higher one.')).toBeInTheDocument();
    unmount();

    mockFetch({ 'GET /api/offers': () => json([anOffer({ status: 'countered', counterAmount: 30 })]) });
    renderScreen(<MakeOffer item={item} />);
    expect(await screen.findByText('The seller countered: $30.00')).toBeInTheDocument();
  });

  it('follows the offer just made as it changes (the seller’s counter)', async () => {
    signInAs(SHOPPER);
    let listed: Offer[] = [];
    mockFetch({
      'GET /api/offers': () => json(listed),
      'POST /api/items/9/offers': () => json(anOffer(), 201),
    });
    renderScreen(<MakeOffer item={item} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make an offer' }));
    await userEvent.type(screen.getByLabelText('Your offer ($)'), '20');
    listed = [anOffer({ status: 'countered', counterAmount: 30 })];
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('The seller countered: $30.00')).toBeInTheDocument();
  });

  it('is not offered to the item’s host, nor to a shopper without membership', () => {
    signInAs(HOST);
    mockFetch({});
    const { unmount } = renderScreen(<MakeOffer item={item} />);
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
    unmount();
    signInAs({ ...SHOPPER, isPremium: false });
    renderScreen(<MakeOffer item={item} />);
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
  });
});

describe('Offers screen', () => {
  it('lets the host accept, decline or counter an open offer', async () => {
    signInAs(HOST);
    const { calls } = mockFetch({
      'GET /api/offers': () => json([anOffer()]),
      'POST /api/offers/4/counter': () => json(anOffer({ status: 'countered', counterAmount: 30 })),
    });
    renderScreen(<OffersPage />, { path: '/offers', route: '/offers?tab=host' });
    const card = await screen.findByRole('article', { name: 'Offer on Oak rocking chair' });
    expect(screen.getByRole('tab', { name: 'Offers on your items' })).toHaveAttribute('aria-selected', 'true');
    expect(calls[0]!.url.searchParams.get('role')).toBe('host');
    expect(within(card).getByText('Waiting for your answer')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Accept $20.00' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Counter' }));
    await userEvent.type(within(card).getByLabelText('Your price ($)'), '45');
    await userEvent.click(within(card).getByRole('button', { name: 'Send counter' }));
    expect(within(card).getByLabelText('Your price ($)')).toHaveAccessibleDescription('Between $20.00 and $40.00');
    await userEvent.clear(within(card).getByLabelText('Your price ($)'));
    await userEvent.type(within(card).getByLabelText('Your price ($)'), '30');
    await userEvent.click(within(card).getByRole('button', { name: 'Send counter' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ amount: 30 }));
  });

  it('lets the shopper accept or decline a counter, or withdraw, and pay an accepted one, then shows the pickup code', async () => {
    signInAs(SHOPPER);
    let offer = anOffer({ status: 'countered', counterAmount: 30 });
    let reservation: Partial<MyReservation> = { id: 12, status: 'pending', pickup_code: null };
    const { calls } = mockFetch({
      'GET /api/offers': () => json([offer]),
      'POST /api/offers/4/accept': () => {
        offer = anOffer({ status: 'accepted', counterAmount: 30, agreedAmount: 30, reservationId: 12 });
        return json(offer);
      },
      'GET /api/reservations/mine': () => json([reservation]),
    });
    const { unmount } = renderScreen(<OffersPage />, { path: '/offers', route: '/offers' });
    const card = await screen.findByRole('article', { name: 'Offer on Oak rocking chair' });
    expect(within(card).getByText('Countered: your answer')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Counter' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Accept $30.00' }));
    expect(await within(card).findByRole('link', { name: 'Pay $30.00 in My Reservations' })).toHaveAttribute('href', '/my-reservations');
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/offers/4/accept')).toBe(true);
    unmount();

    reservation = { id: 12, status: 'paid', pickup_code: 'K7M2QX' };
    renderScreen(<OffersPage />, { path: '/offers', route: '/offers' });
    expect(await screen.findByText('K7M2QX')).toBeInTheDocument();
  });
});

describe('An offer in its conversation', () => {
  it('carries the offer’s buttons on its newest message only', async () => {
    signInAs(HOST);
    mockFetch({ 'GET /api/offers': () => json([anOffer()]) });
    const change = { offerId: 4, status: 'open' as const, amount: 20, counterAmount: null, reservationId: null };
    const { unmount } = renderScreen(<OfferInThread change={change} role="host" current />);
    expect(await screen.findByRole('button', { name: 'Accept $20.00' })).toBeInTheDocument();
    unmount();
    renderScreen(<OfferInThread change={{ ...change, status: 'countered', counterAmount: 30 }} role="host" current={false} />);
    expect(screen.getByText('Countered: waiting for the shopper')).toBeInTheDocument();
    expect(screen.getByText('$20.00 · counter $30.00')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
