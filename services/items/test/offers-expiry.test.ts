import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Offer } from '@garage/contracts';
import { TestClock, waitFor } from '@garage/testing';
import { ItemsHarness, newId } from './harness.js';

/**
 * An offer lasts 24 h or until its sale starts on the sale's own clock, whichever is first. The
 * service's clock is moved (the sweep runs every 100 ms); answers never show a waiting offer past its
 * time, whether or not the sweep has come by.
 */
const clock = new TestClock();
let h: ItemsHarness;
const host = newId();
const buyer = newId();

beforeAll(async () => {
  clock.set(new Date('2099-04-20T12:00:00Z'));
  h = await ItemsHarness.launch({ RESERVATION_SWEEP_MS: '100' }, clock);
  await h.user(host);
  await h.user(buyer, { premiumExpiresAt: '2100-01-01T00:00:00.000Z' });
});

afterAll(async () => {
  await h?.close();
});

const as = async (userId: number) => ({ authorization: await h.bearer(userId) });

/** A sale in Springfield IL (Chicago time): the first day starts at 08:00 local. */
async function offerOnSale(startDate: string, amount = 40): Promise<{ sale: number; itemId: number; offer: Offer }> {
  const sale = newId();
  await h.sale(sale, host, { start_date: startDate, end_date: startDate, start_time: '08:00', end_time: '14:00' });
  const item = await h.createItem(host, { garageSaleId: sale, price: 50 });
  const response = await h
    .api()
    .post(`/api/items/${item.id}/offers`)
    .set(await as(buyer))
    .send({ amount });
  expect(response.status).toBe(201);
  return { sale, itemId: item.id, offer: response.body };
}

/** The clock runs on between setting it and the offer being made: within a few seconds of `expected`. */
function expectNear(iso: string, expected: string): void {
  const off = new Date(iso).getTime() - new Date(expected).getTime();
  expect({ iso, off: off >= 0 && off < 5000 }).toEqual({ iso, off: true });
}

const statusOf = async (id: number, userId = buyer, role = 'buyer') => {
  const response = await h
    .api()
    .get(`/api/offers?role=${role}`)
    .set(await as(userId));
  return (response.body as Offer[]).find((o) => o.id === id)?.status;
};

describe('offer expiry', () => {
  it('expires 24 h after the offer when the sale starts later; a late accept is refused and it is announced', async () => {
    clock.set(new Date('2099-04-20T12:00:00Z'));
    const { offer } = await offerOnSale('2099-05-10');
    expectNear(offer.expiresAt, '2099-04-21T12:00:00.000Z');
    clock.set(new Date('2099-04-21T11:59:00Z'));
    expect(await statusOf(offer.id)).toBe('open');
    clock.set(new Date('2099-04-21T12:00:06Z'));
    expect(await statusOf(offer.id, host, 'host')).toBe('expired');
    const late = await h
      .api()
      .post(`/api/offers/${offer.id}/accept`)
      .set(await as(host));
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: 'This offer has expired' });
    const expired = await waitFor(
      () => h.events.find((e) => e.type === 'offer.expired' && e.data.offer.id === offer.id),
      5000,
      'offer.expired',
    );
    expect(expired.data.offer).toMatchObject({ status: 'expired', buyerId: buyer, hostId: host });
    expect(h.events.filter((e) => e.type === 'offer.expired' && e.data.offer.id === offer.id)).toHaveLength(1);
  });

  it('expires when the sale starts on its own clock if that is sooner, and takes no offer once it has started', async () => {
    // 15:00 in Chicago on the 2nd; the sale starts at 08:00 CDT (13:00 UTC) on the 3rd.
    clock.set(new Date('2099-05-02T20:00:00Z'));
    const { itemId, offer } = await offerOnSale('2099-05-03');
    expect(offer.expiresAt).toBe('2099-05-03T13:00:00.000Z');
    // The sweep writes it expired once the sale has started, with nobody reading.
    clock.set(new Date('2099-05-03T13:00:01Z'));
    await waitFor(
      async () => (await h.query(`SELECT status FROM offers WHERE id = $1`, [offer.id]))[0]?.status === 'expired' || undefined,
      5000,
      'swept',
    );
    const during = await h
      .api()
      .post(`/api/items/${itemId}/offers`)
      .set(await as(buyer))
      .send({ amount: 30 });
    expect(during.status).toBe(409);
    expect(during.body).toEqual({ error: 'The sale has started; offers are taken only before it starts' });
  });

  it('gives a counter a new 24 h (capped by the sale’s start), and ends a waiting offer at a start moved sooner', async () => {
    clock.set(new Date('2099-06-01T12:00:00Z'));
    const { sale, offer } = await offerOnSale('2099-06-20');
    clock.set(new Date('2099-06-02T06:00:00Z'));
    const countered = await h
      .api()
      .post(`/api/offers/${offer.id}/counter`)
      .set(await as(host))
      .send({ amount: 45 });
    expect(countered.body).toMatchObject({ status: 'countered' });
    expectNear(countered.body.expiresAt, '2099-06-03T06:00:00.000Z');
    // The host moves the sale to start tomorrow at 08:00 in Chicago (13:00 UTC, daylight time).
    await h.sale(sale, host, { start_date: '2099-06-02', end_date: '2099-06-02', start_time: '08:00', end_time: '14:00' }, 2);
    const [row] = await h.query<{ expires_at: Date }>(`SELECT expires_at FROM offers WHERE id = $1`, [offer.id]);
    expect(new Date(row!.expires_at).toISOString()).toBe('2099-06-02T13:00:00.000Z');
    clock.set(new Date('2099-06-02T13:00:00Z'));
    expect(await statusOf(offer.id)).toBe('expired');
  });

  it('declines the waiting offers of a cancelled sale with a message', async () => {
    clock.set(new Date('2099-07-01T12:00:00Z'));
    const { sale, offer } = await offerOnSale('2099-07-20');
    await h.sale(
      sale,
      host,
      { start_date: '2099-07-20', end_date: '2099-07-20', start_time: '08:00', end_time: '14:00', status: 'cancelled' },
      2,
    );
    const response = await h
      .api()
      .get('/api/offers')
      .set(await as(buyer));
    expect((response.body as Offer[]).find((o) => o.id === offer.id)).toMatchObject({
      status: 'declined',
      message: 'Sorry, this item is no longer available.',
    });
  });
});
