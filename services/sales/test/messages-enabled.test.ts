import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { saleSchema } from '@garage/contracts';
import { startService, type RunningService } from '@garage/service-kit';
import { serviceQueueReady, serviceTestEnv, testBus, testTokens, waitFor, type ServiceTestEnv } from '@garage/testing';
import { salesService } from '../src/index.js';
import { saleForm, userSnapshot } from './harness.js';

/** A host may turn messages off for a sale (issue 39): on the form, the sale object, its events and the owner's answer. */

let testEnv: ServiceTestEnv;
let sales: RunningService<unknown>;
let bus: Awaited<ReturnType<typeof testBus>>;
const HOST = 601;
let token = '';
const api = () => request(sales.url);
const as = () => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  testEnv = await serviceTestEnv();
  sales = await startService(salesService, { env: testEnv.env });
  bus = await testBus(testEnv.env, { listen: ['sale.*'] });
  token = await (await testTokens(testEnv.env.DATA_DIR!))(HOST);
  await serviceQueueReady(testEnv.env, 'sales');
  await bus.publish('user.registered', 1, userSnapshot(HOST));
  await waitFor(async () => (await sales.dataSource.query(`SELECT 1 FROM users`)).length === 1, 5000, 'the user projection');
});

afterAll(async () => {
  await bus?.close();
  await sales?.close();
  await testEnv?.cleanup();
});

describe('messagesEnabled', () => {
  it('is true unless the host says otherwise, and an edit that leaves it out keeps it', async () => {
    const created = await api().post('/api/sales').set(as()).send(saleForm()).expect(201);
    expect(saleSchema.strict().parse(created.body)).toEqual(created.body);
    expect(created.body.messages_enabled).toBe(true);
    const off = await api()
      .put(`/api/sales/${created.body.id}`)
      .set(as())
      .send(saleForm({ messagesEnabled: false }))
      .expect(200);
    expect(off.body.messages_enabled).toBe(false);
    const kept = await api()
      .put(`/api/sales/${created.body.id}`)
      .set(as())
      .send(saleForm({ title: 'Renamed' }))
      .expect(200);
    expect(kept.body.messages_enabled).toBe(false);
    expect((await api().get(`/api/sales/${created.body.id}`).expect(200)).body.messages_enabled).toBe(false);

    const events = await waitFor(() => {
      const found = bus.received.filter((e) => e.type.startsWith('sale.') && (e.data as { id: number }).id === created.body.id);
      return found.length === 3 ? found : undefined;
    });
    expect(events.map((e) => (e.data as { messages_enabled?: boolean }).messages_enabled)).toEqual([true, false, false]);
    const internal = await api().get(`/internal/sales/${created.body.id}`).expect(200);
    expect(internal.body.messages_enabled).toBe(false);
  });

  it('can be off from the start, and is a boolean or a 400 naming it', async () => {
    const created = await api()
      .post('/api/sales')
      .set(as())
      .send(saleForm({ messagesEnabled: false }))
      .expect(201);
    expect(created.body.messages_enabled).toBe(false);
    const bad = await api()
      .post('/api/sales')
      .set(as())
      .send(saleForm({ messagesEnabled: 'no' }))
      .expect(400);
    expect(bad.body.details[0].field).toBe('messagesEnabled');
  });
});
