import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { conversationDetailSchema, conversationSchema, MESSAGES_DISABLED } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { gatewayClient } from './gateway-client.js';
import { startProduct, type RunningProduct } from './product.js';

/**
 * Messages through the real gateway, with every service behind it: the messages service learns a
 * new sale from the sales service's events (or asks it), a member writes to its host, the host
 * hears of it in the bell (notifications, from `message.sent`), and the host's `messagesEnabled`
 * on the sale form closes it.
 */

let product: RunningProduct;

beforeAll(async () => {
  product = await startProduct();
}, 120_000);

afterAll(() => product?.stop());

const { api, register } = gatewayClient(() => product.gateway.url, { firstName: 'Mia', lastName: 'Messages' });

const SALE = {
  title: 'Messages test sale',
  address: '12 Oak St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  startDate: '2099-05-03',
  endDate: '2099-05-04',
  startTime: '08:00',
  endTime: '12:00',
};

describe('messages through the gateway', () => {
  it('a member writes to a host about a sale just listed, the host reads, answers and is told in the bell', async () => {
    const host = await register();
    const buyer = await register();
    const stranger = await register();
    const sale = await api('POST', '/api/sales', { headers: host.auth, body: SALE });
    expect(sale.status).toBe(201);
    expect(sale.body.messages_enabled).toBe(true);

    // At once after the sale's 201: on the sales service's word if the copy has not heard of it yet.
    const started = await api('POST', '/api/conversations', {
      headers: buyer.auth,
      body: { saleId: sale.body.id, text: 'Hi! <b>Is the piano</b> still there?' },
    });
    expect(started.status).toBe(201);
    expect(conversationSchema.strict().parse(started.body)).toEqual(started.body);
    const id = started.body.id;

    const hostList = await waitFor(async () => {
      const list = await api('GET', '/api/conversations', { headers: host.auth });
      // The title is the sales copy's, which hears of a sale just listed a moment after its 201.
      return list.body.unreadCount === 1 && list.body.conversations[0]?.saleTitle ? list.body : undefined;
    });
    expect(hostList.conversations[0]).toMatchObject({ id, otherUserId: buyer.userId, saleTitle: 'Messages test sale', unreadCount: 1 });
    const detail = await api('GET', `/api/conversations/${id}`, { headers: host.auth });
    expect(conversationDetailSchema.strict().parse(detail.body)).toEqual(detail.body);
    expect(detail.body.messages[0].text).toBe('Hi! <b>Is the piano</b> still there?');
    expect((await api('GET', `/api/conversations/${id}`, { headers: stranger.auth })).status).toBe(404);

    expect((await api('POST', `/api/conversations/${id}/read`, { headers: host.auth })).body).toEqual({ unreadCount: 0 });
    const answer = await api('POST', `/api/conversations/${id}/messages`, { headers: host.auth, body: { text: 'Yes, come by!' } });
    expect(answer.status).toBe(201);

    // Notifications tells the host (bell) of the buyer's message, and the buyer of the answer.
    const bell = await waitFor(async () => {
      const alerts = await api('GET', '/api/alerts', { headers: host.auth });
      return alerts.body.alerts?.find((a: { kind: string }) => a.kind === 'message');
    });
    expect(bell).toMatchObject({ link: `/messages/${id}`, title: 'New message about "Messages test sale"' });
    await waitFor(async () => {
      const alerts = await api('GET', '/api/alerts', { headers: buyer.auth });
      return alerts.body.alerts?.some((a: { kind: string }) => a.kind === 'message') || undefined;
    });
  });

  it("is closed by the host's messagesEnabled: false on the sale form (403 that says so)", async () => {
    const host = await register();
    const buyer = await register();
    const sale = await api('POST', '/api/sales', { headers: host.auth, body: { ...SALE, messagesEnabled: false } });
    expect(sale.body.messages_enabled).toBe(false);
    const refused = await api('POST', '/api/conversations', { headers: buyer.auth, body: { saleId: sale.body.id, text: 'Hello?' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: MESSAGES_DISABLED });
    const opened = await api('PUT', `/api/sales/${sale.body.id}`, { headers: host.auth, body: { ...SALE, messagesEnabled: true } });
    expect(opened.status).toBe(200);
    // At once: the messages service's copy would refuse, so it asks the sales service.
    const written = await api('POST', '/api/conversations', { headers: buyer.auth, body: { saleId: sale.body.id, text: 'Hello?' } });
    expect(written.status).toBe(201);
  });
});
