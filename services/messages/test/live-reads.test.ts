import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { LiveUpdateEnvelope } from '@garage/contracts';
import { liveUpdatesFrom, type LiveUpdates } from '@garage/service-kit';
import { MessagesHarness, newId } from './harness.js';

/** Reading a conversation tells the member's other tabs (decision 0211), once per read that changed something. */
let harness: MessagesHarness;
let updates: LiveUpdates;
const heard: LiveUpdateEnvelope[] = [];

beforeAll(async () => {
  harness = await MessagesHarness.launch();
  const { env } = harness.testEnv;
  updates = liveUpdatesFrom({ RATE_LIMIT_STORE: 'redis', REDIS_URL: env.REDIS_URL, EVENT_QUEUE_PREFIX: env.EVENT_QUEUE_PREFIX! }, '');
  await updates.subscribe((envelope) => heard.push(envelope));
});

afterAll(async () => {
  await updates?.close();
  await harness?.close();
});

it('sends the new unread count to the reader’s tabs when a read marks messages', async () => {
  const host = newId();
  const buyer = newId();
  const sale = await harness.sale(host);
  const id = await harness.write(buyer, sale.id, 'One');
  await harness.write(buyer, sale.id, 'Two');

  expect((await harness.as(host, 'post', `/api/conversations/${id}/read`)).status).toBe(200);
  // Nothing left to mark: nothing to tell.
  expect((await harness.as(host, 'post', `/api/conversations/${id}/read`)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(heard.map((envelope) => [envelope.userId, envelope.update])).toEqual([
    [host, { kind: 'read', conversationId: id, unreadCount: 0 }],
  ]);
});
