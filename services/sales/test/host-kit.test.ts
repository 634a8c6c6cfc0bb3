import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { addDays, approximateSalePoint, saleSchema, zonedTimeToUtc } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, TestClock, testTokens, waitFor, type ServiceTestEnv } from '@garage/testing';
import { decodeQrCode, readPdf } from '../../../libs/print/test/pdf-reader.js';
import { salesService } from '../src/index.js';
import { communitySaleForm, dayFromToday, saleForm, userSnapshot } from './harness.js';

/**
 * The host's kit in the sales service: the yard sign (sign.pdf), payment methods on the sale and
 * as a browse filter, and when members see the exact address (on the sale's own clock and zone).
 */

let testEnv: ServiceTestEnv;
let sales: RunningService<unknown>;
let bus: Awaited<ReturnType<typeof testBus>>;
const clock = new TestClock();
const HOST = 501;
const MEMBER = 502;
const tokens: Record<number, string> = {};
const api = () => request(sales.url);
const as = (userId: number) => ({ authorization: `Bearer ${tokens[userId]}` });

/** The PDF's bytes, as the client receives them. */
function pdfOf(path: string, userId: number) {
  return api()
    .get(path)
    .set(as(userId))
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

beforeAll(async () => {
  testEnv = await serviceTestEnv({ PUBLIC_URL: 'https://garage.example' });
  sales = await startService(salesService, { env: testEnv.env, clock });
  bus = await testBus(testEnv.env, { listen: ['sale.*'] });
  const signFor = await testTokens(testEnv.env.DATA_DIR!);
  for (const id of [HOST, MEMBER]) tokens[id] = await signFor(id);
  await serviceQueueReady(testEnv.env, 'sales');
  await bus.publish('user.registered', 1, userSnapshot(HOST));
  await waitFor(async () => (await sales.dataSource.query(`SELECT 1 FROM users`)).length === 1, 5000, 'the user projection');
});

afterAll(async () => {
  await bus?.close();
  await sales?.close();
  await testEnv?.cleanup();
});

describe('GET /api/sales/{id}/sign.pdf', () => {
  it('prints a landscape Letter sign with the title, the days and hours, and a QR code to the sale', async () => {
    const sale = (
      await api()
        .post('/api/sales')
        .set(as(HOST))
        .send(
          saleForm({
            title: 'Big Family Sale',
            startDate: dayFromToday(9),
            endDate: dayFromToday(10),
            startTime: '08:00',
            endTime: '14:00',
          }),
        )
        .expect(201)
    ).body;

    const response = await pdfOf(`/api/sales/${sale.id}/sign.pdf`, HOST).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="yard-sign-${sale.id}.pdf"`);
    const pdf = await readPdf(response.body);
    try {
      expect(pdf.sizes).toEqual([{ width: 792, height: 612 }]);
      const text = pdf.pages[0]!;
      expect(text).toContain('GARAGE SALE');
      expect(text).toContain('Big Family Sale');
      expect(text).toContain('8 AM\u20132 PM');
      const month = new Date(`${dayFromToday(9)}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' }).toUpperCase();
      expect(text).toContain(month);
      expect(await decodeQrCode(pdf, 1, { x: 792 - 36 - 190, y: 612 - 36 - 200, width: 200, height: 200 })).toBe(
        `https://garage.example/sales/${sale.id}`,
      );
    } finally {
      await pdf.document.destroy();
    }
  });

  it('is the host’s alone: another member gets 404, a visitor 401, an unknown sale 404', async () => {
    const sale = (await api().post('/api/sales').set(as(HOST)).send(saleForm()).expect(201)).body;
    expect((await api().get(`/api/sales/${sale.id}/sign.pdf`).set(as(MEMBER)).expect(404)).body).toEqual({ error: 'Sale not found' });
    await api().get(`/api/sales/${sale.id}/sign.pdf`).expect(401);
    expect((await api().get('/api/sales/999999/sign.pdf').set(as(HOST)).expect(404)).body).toEqual({ error: 'Sale not found' });
    await api().get('/api/sales/abc/sign.pdf').set(as(HOST)).expect(400);
  });
});

describe('payment methods', () => {
  it('are kept once each, in a fixed order, on the sale, its event and its edits', async () => {
    const created = await api()
      .post('/api/sales')
      .set(as(HOST))
      .send(saleForm({ title: 'Cash and Venmo', paymentMethods: ['venmo', 'cash', 'venmo'] }))
      .expect(201);
    expect(saleSchema.strict().parse(created.body)).toEqual(created.body);
    expect(created.body.payment_methods).toEqual(['cash', 'venmo']);
    const event = await waitFor(() => bus.received.find((e) => e.type === 'sale.created' && e.data.id === created.body.id));
    expect(event!.data).toMatchObject({ payment_methods: ['cash', 'venmo'], address_visible_from: null });

    const edited = await api()
      .put(`/api/sales/${created.body.id}`)
      .set(as(HOST))
      .send(saleForm({ title: 'Cash and Venmo', paymentMethods: ['cash_app', 'zelle'] }))
      .expect(200);
    expect(edited.body.payment_methods).toEqual(['zelle', 'cash_app']);
    expect((await api().get(`/api/sales/${created.body.id}`).expect(200)).body.payment_methods).toEqual(['zelle', 'cash_app']);
  });

  it('a sale that names none has none', async () => {
    const sale = (await api().post('/api/sales').set(as(HOST)).send(saleForm()).expect(201)).body;
    expect(sale.payment_methods).toEqual([]);
  });

  it('filter the browse list, and an unknown method is a 400 that says which are known', async () => {
    const card = (
      await api()
        .post('/api/sales')
        .set(as(HOST))
        .send(saleForm({ title: 'Cards welcome', paymentMethods: ['card'] }))
        .expect(201)
    ).body;
    const paypal = (
      await api()
        .post('/api/sales')
        .set(as(HOST))
        .send(saleForm({ title: 'PayPal only', paymentMethods: ['paypal'] }))
        .expect(201)
    ).body;

    const byCard = (await api().get('/api/sales?paymentMethod=card').expect(200)).body as Array<{ id: number; payment_methods: string[] }>;
    expect(byCard.map((sale) => sale.id)).toContain(card.id);
    expect(byCard.map((sale) => sale.id)).not.toContain(paypal.id);
    expect(byCard.every((sale) => sale.payment_methods.includes('card'))).toBe(true);
    const all = (await api().get('/api/sales').expect(200)).body as Array<{ id: number }>;
    expect(all.map((sale) => sale.id)).toEqual(expect.arrayContaining([card.id, paypal.id]));

    const badFilter = await api().get('/api/sales?paymentMethod=bitcoin').expect(400);
    expect(badFilter.body.details).toEqual([
      { field: 'paymentMethod', message: 'Payment method must be one of: cash, card, venmo, paypal, zelle, cash_app' },
    ]);
    const badForm = await api()
      .post('/api/sales')
      .set(as(HOST))
      .send(saleForm({ paymentMethods: ['cash', 'bitcoin'] }))
      .expect(400);
    expect(badForm.body.details).toEqual([
      { field: 'paymentMethods.1', message: 'Payment method must be one of: cash, card, venmo, paypal, zelle, cash_app' },
    ]);
    await api()
      .post('/api/sales')
      .set(as(HOST))
      .send(saleForm({ paymentMethods: 'cash' }))
      .expect(400);
  });
});

describe('when the address shows', () => {
  // Beverly Hills keeps Pacific time: 18:00 there the evening before is 01:00 or 02:00 UTC on the
  // sale's first day, so a reading by UTC would show the address hours too early.
  const ZONE = 'America/Los_Angeles';

  it('members see the street and a pin within a block until the evening before, on the sale’s clock', async () => {
    const startDate = dayFromToday(7);
    const eve = addDays(startDate, -1);
    const visibleFrom = `${eve}T18:00`;
    const sale = (
      await api()
        .post('/api/sales')
        .set(as(HOST))
        .send(saleForm({ title: 'Early birds wait', address: '1204 N Maple Dr', startDate, addressVisibleFrom: visibleFrom }))
        .expect(201)
    ).body;
    expect(sale.address_visible_from).toBe(visibleFrom);
    const exact = { latitude: sale.latitude, longitude: sale.longitude };
    const moved = approximateSalePoint(sale.id, exact.latitude, exact.longitude);
    const showsAt = zonedTimeToUtc(eve, '18:00', ZONE);
    // The moment is after midnight UTC: the sale's first day by UTC, still the eve in California.
    expect(showsAt.toISOString().slice(0, 10)).toBe(startDate);

    clock.set(new Date(showsAt.getTime() - 60_000));
    const early = (await api().get(`/api/sales/${sale.id}`).set(as(MEMBER)).expect(200)).body;
    expect(early).toMatchObject({ address: 'N Maple Dr', zip_code: '90210', latitude: moved.latitude, longitude: moved.longitude });
    expect(early.latitude).not.toBe(exact.latitude);
    const listed = ((await api().get('/api/sales').set(as(MEMBER)).expect(200)).body as Array<{ id: number; address: string }>).find(
      (entry) => entry.id === sale.id,
    );
    expect(listed).toMatchObject({ address: 'N Maple Dr', latitude: moved.latitude });
    const visitor = (await api().get(`/api/sales/${sale.id}`).expect(200)).body;
    expect(visitor).toMatchObject({ address: null, zip_code: null, city: 'Beverly Hills', state: 'CA', latitude: moved.latitude });
    const host = (await api().get(`/api/sales/${sale.id}`).set(as(HOST)).expect(200)).body;
    expect(host).toMatchObject({ address: '1204 N Maple Dr', latitude: exact.latitude, longitude: exact.longitude });
    const mine = ((await api().get('/api/sales/my-sales').set(as(HOST)).expect(200)).body as Array<{ id: number; address: string }>).find(
      (entry) => entry.id === sale.id,
    );
    expect(mine?.address).toBe('1204 N Maple Dr');
    // Between services the sale is whole: the snapshot its events carry.
    expect((await api().get(`/internal/sales/${sale.id}`).expect(200)).body).toMatchObject({
      address: '1204 N Maple Dr',
      address_visible_from: visibleFrom,
    });

    clock.set(showsAt);
    const onTime = (await api().get(`/api/sales/${sale.id}`).set(as(MEMBER)).expect(200)).body;
    expect(onTime).toMatchObject({ address: '1204 N Maple Dr', latitude: exact.latitude, longitude: exact.longitude });
    expect((await api().get(`/api/sales/${sale.id}`).expect(200)).body).toMatchObject({ address: null, latitude: exact.latitude });
  });

  it('a community sale’s list and printout give members the street until the moment', async () => {
    clock.set(new Date());
    const communitySale = (
      await api()
        .post('/api/community-sales')
        .set(as(MEMBER))
        .send(communitySaleForm({ name: 'Timed Sale Day' }))
        .expect(201)
    ).body;
    const sale = (
      await api()
        .post('/api/sales')
        .set(as(HOST))
        .send(saleForm({ title: 'Not yet on the map', address: '77 Canon Dr', addressVisibleFrom: `${dayFromToday(6)}T18:00` }))
        .expect(201)
    ).body;
    await api().post(`/api/community-sales/${communitySale.id}/sales`).set(as(HOST)).send({ saleId: sale.id }).expect(201);

    const listed = (await api().get(`/api/community-sales/${communitySale.id}/sales`).set(as(MEMBER)).expect(200)).body as Array<{
      sale: { id: number; address: string | null };
    }>;
    expect(listed.find((entry) => entry.sale.id === sale.id)?.sale.address).toBe('Canon Dr');
    const asHost = (await api().get(`/api/community-sales/${communitySale.id}/sales`).set(as(HOST)).expect(200)).body as Array<{
      sale: { id: number; address: string | null };
    }>;
    expect(asHost.find((entry) => entry.sale.id === sale.id)?.sale.address).toBe('77 Canon Dr');
    const printed = await pdfOf(`/api/community-sales/${communitySale.id}/print.pdf`, MEMBER).expect(200);
    const pdf = await readPdf(printed.body);
    try {
      const text = pdf.pages.join('\n');
      expect(text).toContain('Not yet on the map');
      expect(text).toContain('Canon Dr');
      expect(text).not.toContain('77 Canon Dr');
    } finally {
      await pdf.document.destroy();
    }
  });

  it('a past or blank moment shows the address now, and a bad one is a 400', async () => {
    clock.set(new Date());
    const past = (
      await api()
        .post('/api/sales')
        .set(as(HOST))
        .send(saleForm({ address: '9 Elm St', addressVisibleFrom: `${dayFromToday(-2)}T09:00` }))
        .expect(201)
    ).body;
    expect((await api().get(`/api/sales/${past.id}`).set(as(MEMBER)).expect(200)).body.address).toBe('9 Elm St');
    const blank = (
      await api()
        .post('/api/sales')
        .set(as(HOST))
        .send(saleForm({ address: '9 Elm St', addressVisibleFrom: '' }))
        .expect(201)
    ).body;
    expect(blank.address_visible_from).toBeNull();

    for (const value of ['tomorrow', '2030-02-30T18:00', '2030-06-01 18:00', '2030-06-01T24:00']) {
      const response = await api()
        .post('/api/sales')
        .set(as(HOST))
        .send(saleForm({ addressVisibleFrom: value }))
        .expect(400);
      expect(response.body.details[0].field).toBe('addressVisibleFrom');
    }
  });
});
