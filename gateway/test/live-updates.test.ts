import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { messagesService } from '@garage/messages';
import { notificationsService } from '@garage/notifications';
import { developmentKeys, startService, TokenSigner, type RunningService } from '@garage/service-kit';
import {
  newId,
  saleSnapshot,
  serviceQueueReady,
  serviceTestEnv,
  testBus,
  testTokens,
  type ServiceTestEnv,
  type TestBus,
  type TokenMinter,
} from '@garage/testing';
import { startGateway, type RunningGateway } from '../src/index.js';
import { MOST_TABS } from '../src/update-streams.js';
import { openStream, type OpenStream } from './sse-client.js';

/**
 * `GET /api/updates` against the real messages and notifications services, Redis and RabbitMQ,
 * with two gateway replicas: a message written through one reaches a tab held open on the other
 * (notifications writes the update once; every replica hears it), and a dropped tab resumes.
 */
let testEnv: ServiceTestEnv;
let owners: Server;
let messages: RunningService<unknown>;
let notifications: RunningService<unknown>;
let one: RunningGateway;
let other: RunningGateway;
let token: TokenMinter;
const host = newId();
const buyer = newId();
const sale = saleSnapshot(newId(), host);
const open: OpenStream[] = [];

async function stream(gateway: RunningGateway, userId: number, headers: Record<string, string> = {}): Promise<OpenStream> {
  const opened = await openStream(`${gateway.url}/api/updates?token=${encodeURIComponent(await token(userId))}`, headers);
  open.push(opened);
  return opened;
}

async function write(gateway: RunningGateway, text: string): Promise<{ id: number }> {
  const response = await request(gateway.url)
    .post('/api/conversations')
    .set('authorization', `Bearer ${await token(buyer)}`)
    .send({ saleId: sale.id, text });
  expect(response.status).toBe(201);
  return response.body as { id: number };
}

beforeAll(async () => {
  testEnv = await serviceTestEnv({ LIVE_HEARTBEAT_MS: '200' });
  // Sales, as messages asks it about a sale it has not heard of.
  owners = createServer((call, answer) => {
    const found = call.url === `/internal/sales/${sale.id}`;
    answer.writeHead(found ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(found ? sale : { error: 'Not found' }));
  });
  await new Promise<void>((resolve) => owners.listen(0, '127.0.0.1', resolve));
  const salesUrl = `http://127.0.0.1:${(owners.address() as AddressInfo).port}`;
  messages = await startService(messagesService, { env: { ...testEnv.env, SALES_URL: salesUrl, ITEMS_URL: salesUrl } });
  notifications = await startService(notificationsService, { env: testEnv.env });
  const env = { ...testEnv.env, MESSAGES_URL: messages.url, NOTIFICATIONS_URL: notifications.url };
  one = await startGateway({ env });
  other = await startGateway({ env });
  await serviceQueueReady(testEnv.env, 'notifications');
  token = await testTokens(testEnv.env.DATA_DIR!);
});

afterAll(async () => {
  for (const each of open) each.close();
  await one?.close();
  await other?.close();
  await notifications?.close();
  await messages?.close();
  await new Promise((resolve) => owners?.close(resolve));
  await testEnv?.cleanup();
});

describe('GET /api/updates', () => {
  it('is 401 in the contract’s words without a valid token', async () => {
    await request(one.url).get('/api/updates').expect(401, { error: 'Authentication required' });
    const forged = await request(one.url).get('/api/updates?token=not.a.token');
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: expect.any(String) });
  });

  it('streams server-sent events that no proxy buffers, with a heartbeat', async () => {
    const tab = await stream(one, host);
    expect(tab.status).toBe(200);
    expect(tab.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(tab.headers['x-accel-buffering']).toBe('no');
    expect(tab.headers['cache-control']).toContain('no-cache');
    const started = tab.comments;
    await new Promise((resolve) => setTimeout(resolve, 700));
    // The opening comment, then one every 200 ms.
    expect(tab.comments - started).toBeGreaterThanOrEqual(2);
    tab.close();
  });

  it('takes the token from the Authorization header too', async () => {
    const tab = await openStream(`${one.url}/api/updates`, { authorization: `Bearer ${await token(host)}` });
    open.push(tab);
    expect(tab.status).toBe(200);
    tab.close();
  });

  it('brings a message written through one replica to a tab held on another', async () => {
    const hostTab = await stream(other, host);
    const buyerOtherTab = await stream(other, buyer);
    const { id } = await write(one, 'Is the lamp still there?');
    const message = await hostTab.next((event) => event.event === 'message');
    expect(message.data).toEqual({ kind: 'message', conversationId: id, messageId: expect.any(Number) });
    expect(message.id).toMatch(/^\d+-\d+$/);
    const alerts = await hostTab.next((event) => event.event === 'alerts');
    expect(alerts.data).toEqual({ kind: 'alerts', unreadCount: 1 });
    // The writer's other tabs hear of it too (their list of conversations changed).
    await buyerOtherTab.next((event) => event.event === 'message' && (event.data as { conversationId: number }).conversationId === id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hostTab.events.filter((event) => event.event === 'message')).toHaveLength(1);
    hostTab.close();
    buyerOtherTab.close();
  });

  it('brings a sale’s live state to the open streams of every member, on every replica, without a stream position', async () => {
    const hostTab = await stream(one, host);
    const buyerTab = await stream(other, buyer);
    const bystander = newId();
    const bystanderTab = await stream(one, bystander);
    const bus: TestBus = await testBus(testEnv.env);
    const saidAt = new Date().toISOString();
    try {
      await bus.publish('sale.updated', 2, { ...sale, live_state: 'winding_down', live_state_at: saidAt, cause: { change: 'live_state' } });
    } finally {
      await bus.close();
    }
    const expected = { kind: 'sale', saleId: sale.id, liveState: 'winding_down', liveStateAt: saidAt };
    for (const tab of [hostTab, buyerTab, bystanderTab]) {
      const heard = await tab.next((event) => event.event === 'sale');
      expect(heard.data).toEqual(expected);
      // Not a place in anyone's stream: Last-Event-ID stays the member's own.
      expect(heard.id).toBeUndefined();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hostTab.events.filter((event) => event.event === 'sale')).toHaveLength(1);
    hostTab.close();
    buyerTab.close();
    bystanderTab.close();
  });

  it('resumes a dropped stream after Last-Event-ID, on any replica', async () => {
    const first = await stream(one, host);
    await write(one, 'And the chairs?');
    const seen = await first.next((event) => event.event === 'alerts');
    first.close();
    // Written while the tab is away.
    await write(one, 'I can come at nine.');
    await write(one, 'Or at ten.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await stream(other, host, { 'last-event-id': seen.id! });
    await again.next((event) => event.event === 'alerts' && (event.data as { unreadCount: number }).unreadCount === 4);
    const missed = again.events.filter((event) => event.event === 'message');
    expect(missed).toHaveLength(2);
    expect(again.events.every((event) => event.id! > seen.id!)).toBe(true);
    // And it goes on live.
    await write(other, 'See you then.');
    await again.next((event) => event.event === 'message' && !missed.includes(event));
    again.close();
  });

  it('ends a stream when its token expires, and every stream when the gateway closes', async () => {
    const shortLived = await TokenSigner.fromPem(developmentKeys(testEnv.env.DATA_DIR!).privateKey, 1);
    const expiring = await openStream(`${one.url}/api/updates?token=${await shortLived.sign({ userId: host, email: 'h@example.com' })}`);
    open.push(expiring);
    expect(expiring.status).toBe(200);
    await expect(expiring.ended(3000)).resolves.toBe(true);

    const third = await startGateway({ env: { ...testEnv.env, MESSAGES_URL: messages.url, NOTIFICATIONS_URL: notifications.url } });
    const held = await stream(third, host);
    const started = Date.now();
    await third.close();
    await expect(held.ended(1000)).resolves.toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('counts a stream once in the request budget, however long it stays open', async () => {
    const budgeted = await startGateway({ env: { ...testEnv.env, RATE_LIMIT_STORE: 'memory', REQUESTS_PER_MINUTE: '3' } });
    try {
      const held = await stream(budgeted, host);
      expect(held.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(held.comments).toBeGreaterThanOrEqual(3);
      await request(budgeted.url).get('/api/updates').expect(401);
      await request(budgeted.url).get('/api/updates').expect(401);
      await request(budgeted.url).get('/api/updates').expect(429);
      held.close();
    } finally {
      await budgeted.close();
    }
  });

  it(`keeps at most ${MOST_TABS} streams of one member on a replica, ending the oldest`, async () => {
    const member = newId();
    const tabs: OpenStream[] = [];
    for (let i = 0; i <= MOST_TABS; i += 1) tabs.push(await stream(one, member));
    await expect(tabs[0]!.ended(1000)).resolves.toBe(true);
    await expect(tabs[1]!.ended(300)).resolves.toBe(false);
    expect(tabs.every((tab) => tab.status === 200)).toBe(true);
    for (const tab of tabs) tab.close();
  });
});
