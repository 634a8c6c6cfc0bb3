import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { LiveBroadcast, LiveUpdateEnvelope, MessageSent, ReservationSnapshot } from '@garage/contracts';
import { saleSnapshot } from '@garage/testing';
import { liveUpdatesFrom, type LiveUpdates } from '@garage/service-kit';
import { newId, NotificationsHarness } from './harness.js';

/** A message tells both members' open tabs once (decision 0211), in Redis where every gateway replica hears it. */
let h: NotificationsHarness;
let updates: LiveUpdates;
const heard: LiveUpdateEnvelope[] = [];
const everyone: LiveBroadcast[] = [];
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
  await updates.subscribe(
    (envelope) => heard.push(envelope),
    (broadcast) => everyone.push(broadcast),
  );
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

const reservation = (id: number, overrides: Partial<ReservationSnapshot>): ReservationSnapshot => ({
  id,
  item_id: 77,
  item_title: 'Oak side table',
  sale_id: 12,
  user_id: buyer,
  host_id: host,
  status: 'pending',
  amount_cents: 2500,
  currency: 'usd',
  expires_at: new Date().toISOString(),
  end_reason: null,
  ...overrides,
});

it('tells the shopper and the host of every change of a reservation, once per event', async () => {
  heard.length = 0;
  const created = await h.publishAndApply('reservation.created', 1, reservation(8001, {}));
  await h.publish(created.type, created.version, created.data, created.id);
  await h.publishAndApply('reservation.paid', 2, reservation(8001, { status: 'paid' }));
  await h.publishAndApply('reservation.collected', 3, reservation(8001, { status: 'collected' }));
  await h.publishAndApply('reservation.lapsed', 2, reservation(8002, { status: 'lapsed', end_reason: 'hold_expired' }));
  await settle();
  const told = (userId: number) =>
    heard.filter((envelope) => envelope.userId === userId && envelope.update.kind === 'reservation').map((envelope) => envelope.update);
  const expected = [
    { kind: 'reservation', reservationId: 8001, itemId: 77, status: 'pending' },
    { kind: 'reservation', reservationId: 8001, itemId: 77, status: 'paid' },
    { kind: 'reservation', reservationId: 8001, itemId: 77, status: 'collected' },
    { kind: 'reservation', reservationId: 8002, itemId: 77, status: 'lapsed' },
  ];
  expect(told(buyer)).toEqual(expected);
  expect(told(host)).toEqual(expected);
  // The lapse is also the shopper's alert, as before.
  expect(heard.some((envelope) => envelope.userId === buyer && envelope.update.kind === 'alerts')).toBe(true);
});

it('broadcasts a sale’s live state once when it changes, and nothing on the host’s other edits', async () => {
  everyone.length = 0;
  heard.length = 0;
  const sale = saleSnapshot(newId(), host);
  const saidAt = new Date().toISOString();
  const said = await h.publishAndApply('sale.updated', 2, {
    ...sale,
    live_state: 'winding_down',
    live_state_at: saidAt,
    cause: { change: 'live_state' },
  });
  await h.publish(said.type, said.version, said.data, said.id);
  await h.publishAndApply('sale.updated', 3, { ...sale, title: 'Bigger Clean-out', live_state: 'winding_down', live_state_at: saidAt });
  await settle();
  expect(everyone).toEqual([{ everyone: true, update: { kind: 'sale', saleId: sale.id, liveState: 'winding_down', liveStateAt: saidAt } }]);
  // Nobody's own stream keeps it.
  expect(heard).toEqual([]);
});
