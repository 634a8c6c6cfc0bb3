import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { itemSchema } from '@garage/contracts';
import { startGateway, type RunningGateway } from '../src/index.js';
import { ItemsHarness } from '../../services/items/test/harness.js';

/**
 * The composed `GET /api/sales/{id}` against the real items service. The sales service is a
 * stand-in, so the test controls its answers and delay; a delaying pass-through sits in front of
 * items, so the test can tell the two calls run at once.
 */
const DELAY_MS = 400;
const HOST = 501;
const SHOPPER = 502;
const SALE = 601;
const EMPTY_SALE = 602;

let items: ItemsHarness;
let gateway: RunningGateway;
let sales: Server;
let itemsFront: Server;
let itemsUp = true;
const seen: Array<{ service: 'sales' | 'items'; url: string; authorization?: string }> = [];

const saleBody = (id: number, signedIn: boolean) => ({
  id,
  user_id: HOST,
  title: 'Spring Clean-out',
  address: signedIn ? '12 Oak St' : null,
  city: 'Springfield',
  state: 'IL',
  item_count: 1,
  // The live status travels through the composition untouched.
  live_state: 'winding_down',
  live_state_at: '2030-06-14T20:48:00.000Z',
  confirmed_at: '2030-06-14T20:50:00.000Z',
  confirmed_count: 3,
});

function listen(
  handler: (req: IncomingMessage, body: (status: number, text: string, headers?: Record<string, string>) => void) => void,
): Promise<Server> {
  const server = createServer((req, res) => {
    handler(req, (status, text, headers = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(text);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  items = await ItemsHarness.launch();
  await items.user(HOST, { firstName: 'Hazel', lastName: 'Host', phone: '555-0101' });
  await items.sale(SALE, HOST, { title: 'Spring Clean-out' });
  await items.sale(EMPTY_SALE, HOST);
  await items.createItem(HOST, { garageSaleId: SALE, title: 'Brass lamp', minOfferPrice: 10, autoAcceptPrice: 20 });

  sales = await listen(async (req, send) => {
    seen.push({ service: 'sales', url: req.url!, authorization: req.headers.authorization });
    await delay(DELAY_MS);
    if (req.url === '/api/sales/my-sales') return send(200, '[]');
    if (req.url === '/api/sales/404') return send(404, JSON.stringify({ error: 'Sale not found' }));
    if (req.url === '/api/sales/400')
      return send(400, JSON.stringify({ error: 'Invalid id', details: [{ field: 'id', message: 'Must be a positive integer id' }] }));
    const id = Number(req.url!.split('/').pop()!.split('?')[0]);
    send(200, JSON.stringify(saleBody(id, Boolean(req.headers.authorization))));
  });
  itemsFront = await listen(async (req, send) => {
    seen.push({ service: 'items', url: req.url!, authorization: req.headers.authorization });
    await delay(DELAY_MS);
    if (!itemsUp) return send(503, JSON.stringify({ error: 'down' }));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type']) if (req.headers[name]) headers[name] = String(req.headers[name]);
    const upstream = await fetch(`${items.service.url}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    send(upstream.status, await upstream.text());
  });
  gateway = await startGateway({
    env: { ...items.testEnv.env, PORT: '0', LOG_LEVEL: 'silent', SALES_URL: urlOf(sales), ITEMS_URL: urlOf(itemsFront) },
  });
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all([sales, itemsFront].map((server) => server && new Promise((resolve) => server.close(resolve))));
  await items?.close();
});

const api = () => request(gateway.url);

describe('GET /api/sales/{id} through the gateway', () => {
  it("answers the sale plus its items, both fetched at once with the caller's token", async () => {
    seen.length = 0;
    const token = await items.bearer(SHOPPER);
    const started = Date.now();
    const response = await api().get(`/api/sales/${SALE}`).set('authorization', token).expect(200);
    const elapsed = Date.now() - started;
    expect(response.body).toMatchObject({
      ...saleBody(SALE, true),
      items: [expect.objectContaining({ title: 'Brass lamp', garage_sale_id: SALE })],
    });
    for (const item of response.body.items) expect(itemSchema.strict().parse(item)).toEqual(item);
    expect(response.body.items[0].sale).toMatchObject({ address: '12 Oak St', first_name: 'Hazel', phone: '555-0101' });
    expect(seen).toEqual(
      expect.arrayContaining([
        { service: 'sales', url: `/api/sales/${SALE}`, authorization: token },
        { service: 'items', url: `/api/items/by-sale/${SALE}`, authorization: token },
      ]),
    );
    // Each upstream takes DELAY_MS: one after the other would take twice as long.
    expect(elapsed).toBeLessThan(DELAY_MS * 1.75);
  });

  it('gives a visitor the items without the private fields of their nested sale', async () => {
    seen.length = 0;
    const response = await api().get(`/api/sales/${SALE}`).expect(200);
    expect(response.body.address).toBeNull();
    expect(response.body.items[0].sale).toMatchObject({
      address: null,
      zip_code: null,
      phone: null,
      first_name: null,
      last_name: null,
      rating: null,
      city: 'Springfield',
    });
    expect(seen.every((call) => call.authorization === undefined)).toBe(true);
  });

  it('shows the host’s offer prices on the items to the host alone, never to a shopper or a visitor', async () => {
    const asHost = await api()
      .get(`/api/sales/${SALE}`)
      .set('authorization', await items.bearer(HOST))
      .expect(200);
    expect(asHost.body.items[0]).toMatchObject({ min_offer_price: 10, auto_accept_price: 20 });
    const asShopper = await api()
      .get(`/api/sales/${SALE}`)
      .set('authorization', await items.bearer(SHOPPER))
      .expect(200);
    const asVisitor = await api().get(`/api/sales/${SALE}`).expect(200);
    for (const item of [...asShopper.body.items, ...asVisitor.body.items]) {
      expect(item).not.toHaveProperty('min_offer_price');
      expect(item).not.toHaveProperty('auto_accept_price');
    }
  });

  it('answers an empty items list for a sale without items', async () => {
    const response = await api().get(`/api/sales/${EMPTY_SALE}`).expect(200);
    expect(response.body.items).toEqual([]);
  });

  it('passes a 404 or 400 of the sales service through unchanged', async () => {
    expect((await api().get('/api/sales/404').expect(404)).body).toEqual({ error: 'Sale not found' });
    const bad = await api().get('/api/sales/400').expect(400);
    expect(bad.body).toEqual({ error: 'Invalid id', details: [{ field: 'id', message: 'Must be a positive integer id' }] });
  });

  it('answers 401 to a bad token without asking either service', async () => {
    seen.length = 0;
    await api().get(`/api/sales/${SALE}`).set('authorization', 'Bearer forged').expect(401);
    expect(seen).toEqual([]);
  });

  it('hands a path that is not a sale id (my-sales) to the sales service as it is', async () => {
    seen.length = 0;
    expect(
      (
        await api()
          .get('/api/sales/my-sales')
          .set('authorization', await items.bearer(HOST))
          .expect(200)
      ).body,
    ).toEqual([]);
    expect(seen.map((call) => call.service)).toEqual(['sales']);
  });

  it('answers 503 with Retry-After when the items service fails, rather than a sale that looks empty', async () => {
    itemsUp = false;
    try {
      const response = await api().get(`/api/sales/${SALE}`).expect(503);
      expect(response.body).toEqual({ error: 'The items service is unavailable. Try again shortly.' });
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      itemsUp = true;
    }
  });
});

describe('routes to the items service', () => {
  it('routes /api/items/* and /api/sales/assign-items to items', async () => {
    const search = await api().get('/api/items/search').query({ q: 'lamp' }).expect(200);
    expect(search.body.map((result: { title: string }) => result.title)).toEqual(['Brass lamp']);
    const assign = await api().post('/api/sales/assign-items').send({ saleId: SALE, itemIds: [] }).expect(401);
    expect(assign.body).toEqual({ error: 'Authentication required' });
  });
});
