import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OFFER_BELOW_FLOOR, OFFER_ITEM_GONE, OFFER_ITEM_TAKEN, offerSchema, reservationSchema, type Offer } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { ItemsHarness, newId } from './harness.js';

/**
 * Offers against the real service, Postgres and RabbitMQ: who may offer and answer, the host's
 * floor and auto-accept price, counters, withdrawals, and an accepted offer paid and collected
 * through the reservation calls.
 */
let h: ItemsHarness;
const host = newId();
const buyer = newId();
const second = newId();
const stranger = newId();
const nonMember = newId();
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

beforeAll(async () => {
  h = await ItemsHarness.launch();
  // Premium too, so that offering on their own item is refused for being theirs.
  await h.user(host, { premiumExpiresAt: inAMonth() });
  for (const member of [buyer, second, stranger]) await h.user(member, { premiumExpiresAt: inAMonth() });
  await h.user(nonMember);
});

afterAll(async () => {
  await h?.close();
});

const as = async (userId: number) => ({ authorization: await h.bearer(userId) });

async function itemForSale(body: Record<string, unknown> = {}) {
  const sale = newId();
  await h.sale(sale, host);
  return { sale, item: await h.createItem(host, { garageSaleId: sale, price: 100, ...body }) };
}

async function offer(itemId: number, userId: number, amount: unknown) {
  return h
    .api()
    .post(`/api/items/${itemId}/offers`)
    .set(await as(userId))
    .send({ amount });
}

async function act(offerId: number, userId: number, move: string, body?: object) {
  const call = h
    .api()
    .post(`/api/offers/${offerId}/${move}`)
    .set(await as(userId));
  return body ? call.send(body) : call;
}

async function list(userId: number, query = '') {
  const response = await h
    .api()
    .get(`/api/offers${query}`)
    .set(await as(userId));
  expect(response.status).toBe(200);
  return response.body as Offer[];
}

const offerEvents = (id: number) =>
  h.events.filter((e) => e.type.startsWith('offer.') && (e.data as { offer: Offer }).offer.id === id).map((e) => e.type);

describe('making an offer', () => {
  it('takes a member’s offer below the price: open for 24 h, answered in the contract’s shape and announced', async () => {
    const { sale, item } = await itemForSale();
    const response = await offer(item.id, buyer, 80.5);
    expect(response.status).toBe(201);
    const made = offerSchema.parse(response.body);
    expect(made).toMatchObject({
      itemId: item.id,
      saleId: sale,
      buyerId: buyer,
      hostId: host,
      amount: 80.5,
      status: 'open',
      counterAmount: null,
      agreedAmount: null,
      reservationId: null,
      message: null,
      item: { id: item.id, title: 'Oak side table', price: 100, imageUrls: [] },
      saleTitle: `Sale ${sale}`,
    });
    const lasts = new Date(made.expiresAt).getTime() - Date.now();
    expect(lasts).toBeGreaterThan(23.9 * 3_600_000);
    expect(lasts).toBeLessThanOrEqual(24 * 3_600_000);
    const created = await waitFor(
      () => h.events.find((e) => e.type === 'offer.created' && e.data.offer.id === made.id),
      5000,
      'offer.created',
    );
    expect(created.data).toMatchObject({ hostId: host, buyerId: buyer, itemTitle: 'Oak side table', saleTitle: `Sale ${sale}` });

    // Listed for both sides, and for nobody else.
    expect((await list(buyer)).map((o) => o.id)).toContain(made.id);
    expect((await list(buyer, '?role=host')).map((o) => o.id)).not.toContain(made.id);
    expect((await list(host, '?role=host')).map((o) => o.id)).toContain(made.id);
    expect((await list(host, `?role=host&itemId=${item.id}`)).map((o) => o.id)).toEqual([made.id]);
    expect((await list(stranger, '?role=host')).map((o) => o.id)).not.toContain(made.id);

    // One waiting offer per shopper and item.
    const again = await offer(item.id, buyer, 85);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'You already have an offer waiting on this item' });
  });

  it('refuses non-members (403), bad amounts (400 naming amount), the host’s own item and unknown items', async () => {
    const { item } = await itemForSale();
    const refused = await offer(item.id, nonMember, 50);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Premium membership required' });
    for (const amount of [0, -5, 12.345, 'ten', null]) {
      const bad = await offer(item.id, buyer, amount);
      expect({ amount, status: bad.status }).toEqual({ amount, status: 400 });
      expect([...new Set(bad.body.details.map((d: { field: string }) => d.field))]).toEqual(['amount']);
    }
    for (const amount of [100, 150]) {
      const tooMuch = await offer(item.id, buyer, amount);
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body).toEqual({
        error: 'Amount must be below the price',
        details: [{ field: 'amount', message: 'Amount must be below the price' }],
      });
    }
    const own = await offer(item.id, host, 50);
    expect(own.status).toBe(409);
    expect(own.body).toEqual({ error: 'You cannot make an offer on your own item' });
    expect((await offer(2_000_000_000, buyer, 5)).status).toBe(404);
    const standalone = await h.createItem(host, { price: 30 });
    expect((await offer(standalone.id, buyer, 10)).status).toBe(409);
    const noToken = await h.api().post(`/api/items/${item.id}/offers`).send({ amount: 50 });
    expect(noToken.status).toBe(401);
  });

  it('declines an offer below the floor at once, politely, and accepts one at the auto-accept price at once', async () => {
    const { item } = await itemForSale({ minOfferPrice: 60, autoAcceptPrice: 90 });
    const low = await offer(item.id, buyer, 59.99);
    expect(low.status).toBe(201);
    expect(low.body).toMatchObject({ status: 'declined', message: OFFER_BELOW_FLOOR, reservationId: null });
    // A declined offer is not waiting: the shopper may try again higher.
    const middle = await offer(item.id, buyer, 70);
    expect(middle.body).toMatchObject({ status: 'open' });
    const high = await offer(item.id, second, 90);
    expect(high.status).toBe(201);
    expect(high.body).toMatchObject({ status: 'accepted', agreedAmount: 90, message: null });
    expect(high.body.reservationId).toEqual(expect.any(Number));
    // The other waiting offer on the item is declined, with a message.
    const others = await list(buyer, `?itemId=${item.id}`);
    expect(others.find((o) => o.id === middle.body.id)).toMatchObject({ status: 'declined', message: OFFER_ITEM_TAKEN });
    await waitFor(() => offerEvents(middle.body.id).includes('offer.declined') || undefined, 5000, 'decline announced');
    await waitFor(() => offerEvents(high.body.id).includes('offer.accepted') || undefined, 5000, 'accept announced');
    expect(offerEvents(low.body.id)).toEqual(['offer.created', 'offer.declined']);
    // The item is now reserved by the shopper whose offer won, at the agreed amount.
    const reservation = await h
      .api()
      .get(`/api/reservations/${high.body.reservationId}`)
      .set(await as(second));
    expect(reservation.body).toMatchObject({ status: 'pending', amount_cents: 9000, item_id: item.id });
    expect(reservation.body.clientSecret).toMatch(/_secret_/);
    expect((await offer(item.id, stranger, 95)).status).toBe(409);
  });
});

describe('the host’s offer prices', () => {
  it('are on the owner’s item objects only: never another member’s, a visitor’s, search’s or an event’s', async () => {
    const { sale, item } = await itemForSale({ minOfferPrice: 40.5, autoAcceptPrice: 95 });
    expect(item).toMatchObject({ min_offer_price: 40.5, auto_accept_price: 95 });
    const own = await h
      .api()
      .get(`/api/items/${item.id}`)
      .set(await as(host));
    expect(own.body).toMatchObject({ min_offer_price: 40.5, auto_accept_price: 95 });
    const mine = await h
      .api()
      .get('/api/items/my-items')
      .set(await as(host));
    expect(mine.body.find((i: { id: number }) => i.id === item.id)).toMatchObject({ min_offer_price: 40.5 });
    const theirs = await h
      .api()
      .get(`/api/items/${item.id}`)
      .set(await as(buyer));
    const visitor = await h.api().get(`/api/items/${item.id}`);
    const bySale = await h
      .api()
      .get(`/api/items/by-sale/${sale}`)
      .set(await as(buyer));
    for (const body of [theirs.body, visitor.body, ...bySale.body]) {
      expect(body).not.toHaveProperty('min_offer_price');
      expect(body).not.toHaveProperty('auto_accept_price');
    }
    // The item's own event leaves through the outbox after its commit: waited for, not assumed here.
    const snapshots = await waitFor(
      () => {
        const found = h.events.filter((e) => e.type.startsWith('item.') && (e.data as { id: number }).id === item.id);
        return found.length > 0 ? found : undefined;
      },
      5000,
      'the item announced',
    );
    for (const event of snapshots) expect(JSON.stringify(event.data)).not.toMatch(/offer_price|auto_accept/);

    // A form that leaves them out keeps them; null clears them; a floor above the price is a 400 naming the field.
    const form = { title: 'Oak side table', category: 'Furniture', price: 100, condition: 'good', garageSaleId: sale };
    const bad = await h
      .api()
      .put(`/api/items/${item.id}`)
      .set(await as(host))
      .send({ ...form, minOfferPrice: 120 });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ field: 'minOfferPrice', message: 'Minimum offer price cannot be above the price' }]);
    const kept = await h
      .api()
      .put(`/api/items/${item.id}`)
      .set(await as(host))
      .send(form);
    expect(kept.body).toMatchObject({ min_offer_price: 40.5, auto_accept_price: 95 });
    const belowKept = await h
      .api()
      .put(`/api/items/${item.id}`)
      .set(await as(host))
      .send({ ...form, price: 40 });
    expect(belowKept.status).toBe(400);
    expect(belowKept.body.details).toEqual([{ field: 'minOfferPrice', message: 'Minimum offer price cannot be above the price' }]);
    const cleared = await h
      .api()
      .put(`/api/items/${item.id}`)
      .set(await as(host))
      .send({ ...form, minOfferPrice: null, autoAcceptPrice: 99 });
    expect(cleared.body).toMatchObject({ min_offer_price: null, auto_accept_price: 99 });
  });
});

describe('answering an offer', () => {
  it('lets only its two people see it move, each only on their turn: a third member gets 404', async () => {
    const { item } = await itemForSale();
    const made = (await offer(item.id, buyer, 50)).body as Offer;
    for (const move of ['accept', 'decline', 'withdraw']) expect((await act(made.id, stranger, move)).status).toBe(404);
    const strangerCounter = await act(made.id, stranger, 'counter', { amount: 70 });
    expect(strangerCounter.status).toBe(404);
    expect(strangerCounter.body).toEqual({ error: 'Offer not found' });
    expect((await act(2_000_000_000, host, 'accept')).status).toBe(404);
    // The shopper cannot answer their own open offer; the host cannot withdraw it.
    expect((await act(made.id, buyer, 'accept')).status).toBe(409);
    expect((await act(made.id, buyer, 'counter', { amount: 70 })).status).toBe(409);
    expect((await act(made.id, host, 'withdraw')).status).toBe(409);
    // A counter must be above the offer and below the price.
    for (const amount of [50, 40, 100]) {
      const bad = await act(made.id, host, 'counter', { amount });
      expect({ amount, status: bad.status, field: bad.body.details?.[0]?.field }).toEqual({ amount, status: 400, field: 'amount' });
    }
    expect((await act(made.id, host, 'counter', {})).status).toBe(400);

    const countered = await act(made.id, host, 'counter', { amount: 75 });
    expect(countered.status).toBe(200);
    expect(countered.body).toMatchObject({ status: 'countered', amount: 50, counterAmount: 75 });
    // Now it is the shopper's move.
    expect((await act(made.id, host, 'accept')).status).toBe(409);
    expect((await act(made.id, host, 'counter', { amount: 80 })).status).toBe(409);
    const declined = await act(made.id, buyer, 'decline');
    expect(declined.body).toMatchObject({ status: 'declined', counterAmount: 75 });
    const late = await act(made.id, host, 'accept');
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: 'This offer was declined' });
    await waitFor(() => offerEvents(made.id).length === 3 || undefined, 5000, 'events');
    expect(offerEvents(made.id)).toEqual(['offer.created', 'offer.countered', 'offer.declined']);
  });

  it('lets the shopper withdraw a waiting offer, and the host decline one', async () => {
    const { item } = await itemForSale();
    const first = (await offer(item.id, buyer, 30)).body as Offer;
    const withdrawn = await act(first.id, buyer, 'withdraw');
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn' });
    expect((await act(first.id, buyer, 'withdraw')).status).toBe(409);
    const second_ = (await offer(item.id, second, 35)).body as Offer;
    expect((await act(second_.id, second, 'decline')).status).toBe(409);
    expect((await act(second_.id, host, 'decline')).body).toMatchObject({ status: 'declined', message: null });
    await waitFor(() => offerEvents(first.id).includes('offer.withdrawn') || undefined, 5000, 'withdrawn announced');
  });

  it('turns a countered offer the shopper accepts into a reservation paid and collected at the agreed price', async () => {
    const { item } = await itemForSale();
    const made = (await offer(item.id, buyer, 60)).body as Offer;
    const rival = (await offer(item.id, second, 55)).body as Offer;
    await act(made.id, host, 'counter', { amount: 72.5 });
    const accepted = await act(made.id, buyer, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', agreedAmount: 72.5, counterAmount: 72.5 });
    const reservationId = accepted.body.reservationId as number;
    expect((await list(second, `?itemId=${item.id}`)).find((o) => o.id === rival.id)).toMatchObject({
      status: 'declined',
      message: OFFER_ITEM_TAKEN,
    });
    expect((await act(rival.id, host, 'accept')).status).toBe(409);

    const shown = await h
      .api()
      .get(`/api/reservations/${reservationId}`)
      .set(await as(buyer));
    expect(reservationSchema.parse(shown.body)).toMatchObject({ status: 'pending', amount_cents: 7250 });
    const paid = await h
      .api()
      .post(`/api/reservations/${reservationId}/pay`)
      .set(await as(buyer));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', amount_cents: 7250 });
    expect(paid.body.pickup_code).toMatch(/^[A-Z0-9]{6}$/);
    const collected = await h
      .api()
      .post(`/api/reservations/${reservationId}/collect`)
      .set(await as(host))
      .send({ pickupCode: paid.body.pickup_code });
    expect(collected.status).toBe(200);
    expect(collected.body).toMatchObject({ status: 'collected', amount_cents: 7250 });
    const money = await h.query(`SELECT kind, amount_cents FROM reservation_ledger WHERE reservation_id = $1 ORDER BY id`, [reservationId]);
    expect(money).toEqual([
      { kind: 'charge', amount_cents: 7250 },
      { kind: 'transfer', amount_cents: 7250 },
    ]);
    await waitFor(
      () => h.events.find((e) => e.type === 'reservation.created' && e.data.id === reservationId),
      5000,
      'reservation.created announced',
    );
  });

  it('has the host accept an open offer: the hold is long enough for a shopper who is not there', async () => {
    const { item } = await itemForSale();
    const made = (await offer(item.id, buyer, 45)).body as Offer;
    const accepted = await act(made.id, host, 'accept');
    expect(accepted.body).toMatchObject({ status: 'accepted', agreedAmount: 45 });
    const [row] = await h.query<{ amount_cents: number; hours: number }>(
      `SELECT amount_cents, extract(epoch FROM expires_at - reserved_at) / 3600 AS hours FROM reservations WHERE id = $1`,
      [accepted.body.reservationId],
    );
    expect(row).toMatchObject({ amount_cents: 4500 });
    expect(Number(row!.hours)).toBeCloseTo(12, 5);
    // A reserved item takes no more offers and no accepts.
    expect((await offer(item.id, second, 50)).body).toEqual({ error: 'Item is already reserved' });
  });

  it('declines waiting offers when the host sells or deletes the item', async () => {
    const { sale, item } = await itemForSale();
    const made = (await offer(item.id, buyer, 45)).body as Offer;
    await h
      .api()
      .put(`/api/items/${item.id}`)
      .set(await as(host))
      .send({ title: 'Oak side table', category: 'Furniture', price: 100, condition: 'good', garageSaleId: sale, isSold: true });
    expect((await list(buyer, `?itemId=${item.id}`))[0]).toMatchObject({ id: made.id, status: 'declined' });
    const other = await itemForSale();
    const onOther = (await offer(other.item.id, buyer, 45)).body as Offer;
    await h
      .api()
      .delete(`/api/items/${other.item.id}`)
      .set(await as(host));
    expect((await list(buyer, `?itemId=${other.item.id}`))[0]).toMatchObject({ id: onOther.id, status: 'declined' });
  });
  it('declines waiting offers once another shopper’s plain reserve of the item is paid, not while it is only held', async () => {
    const { item } = await itemForSale();
    const made = (await offer(item.id, buyer, 45)).body as Offer;
    const reserved = await h
      .api()
      .post(`/api/items/${item.id}/reserve`)
      .set(await as(second));
    expect(reserved.status).toBe(200);
    // Held but unpaid, the reserve may lapse: the offer still waits.
    expect((await list(buyer, `?itemId=${item.id}`))[0]).toMatchObject({ id: made.id, status: 'open' });
    const paid = await h
      .api()
      .post(`/api/reservations/${reserved.body.reservation.id}/pay`)
      .set(await as(second));
    expect(paid.body).toMatchObject({ status: 'paid' });
    expect((await list(buyer, `?itemId=${item.id}`))[0]).toMatchObject({ id: made.id, status: 'declined', message: OFFER_ITEM_GONE });
    await waitFor(() => offerEvents(made.id).includes('offer.declined') || undefined, 5000, 'decline announced');
  });
});
