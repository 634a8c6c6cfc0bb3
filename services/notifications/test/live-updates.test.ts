import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { LiveUpdateEnvelope, MessageSent } from '@garage/contracts';
import { liveUpdatesFrom, type LiveUpdates } from '@garage/service-kit';
import { newId, NotificationsHarness } from './harness.js';

/** A message tells both members' open tabs once (decision 0211), in Redis where every gateway replica hears it. */
let h: NotificationsHarness;
let updates: LiveUpdates;
const heard: LiveUpdateEnvelope[] = [];
const host = newId();
const buyer = newId();

const sent = (messageId: number): MessageSent => ({
  messageId,
  conversationId: 90,
  saleId: 12,
  itemId: null,
  saleTitle: 'Spring Clean-out',
  senderId: buyer,
  recipientId: host,
  flagged: false,
  sentAt: new Date().toISOString(),
});

beforeAll(async () => {
  h = await NotificationsHarness.launch();
  await h.user(host, { email: 'live.host@example.com' });
  await h.user(buyer, { email: 'live.buyer@example.com' });
  // What a gateway replica hears, under the same store and prefix.
  updates = liveUpdatesFrom(
    { RATE_LIMIT_STORE: 'redis', REDIS_URL: h.testEnv.env.REDIS_URL, EVENT_QUEUE_PREFIX: h.testEnv.env.EVENT_QUEUE_PREFIX! },
    '',
  );
  await updates.subscribe((envelope) => heard.push(envelope));
});

afterAll(async () => {
  await updates?.close();
  await h?.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

it('writes one update per message for each member, even when the event comes twice', async () => {
  const event = await h.publishAndApply('message.sent', 1, sent(7001));
  await h.publish(event.type, event.version, event.data, event.id);
  // The same message again under another event id (a second outbox relay): still one alert, one update.
  await h.publishAndApply('message.sent', 1, sent(7001));
  await settle();

  const toHost = heard.filter((envelope) => envelope.userId === host);
  expect(toHost.map((envelope) => envelope.update)).toEqual([
    { kind: 'message', conversationId: 90, messageId: 7001 },
    { kind: 'alerts', unreadCount: 1 },
  ]);
  expect(heard.filter((envelope) => envelope.userId === buyer).map((envelope) => envelope.update)).toEqual([
    { kind: 'message', conversationId: 90, messageId: 7001 },
  ]);
  // Kept for a tab that reconnects: everything after the one it last had.
  expect((await updates.since(host, toHost[0]!.id)).map((envelope) => envelope.update)).toEqual([{ kind: 'alerts', unreadCount: 1 }]);
});

it('tells the other tabs when the bell is read', async () => {
  heard.length = 0;
  await h
    .api()
    .post('/api/alerts/read-all')
    .set('authorization', await h.bearer(host))
    .expect(200);
  await settle();
  expect(heard.map((envelope) => [envelope.userId, envelope.update])).toEqual([[host, { kind: 'alerts', unreadCount: 0 }]]);
});

it('tells the bell of every new alert, a notice another service asked for included, once per notice', async () => {
  heard.length = 0;
  const member = newId();
  await h.user(member, { email: 'live.member@example.com' });
  await h.notice({ userId: member, key: 'live:1' });
  await h.notice({ userId: member, key: 'live:1' });
  await h.notice({ userId: member, key: 'live:2' });
  await settle();
  expect(heard.filter((envelope) => envelope.userId === member).map((envelope) => envelope.update)).toEqual([
    { kind: 'alerts', unreadCount: 1 },
    { kind: 'alerts', unreadCount: 2 },
  ]);
});
