import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { LiveUpdateEnvelope, Offer, OfferChanged } from '@garage/contracts';
import { liveUpdatesFrom, type LiveUpdates } from '@garage/service-kit';
import { offerChangedEvent, waitFor } from '@garage/testing';
import { MessagesHarness, newId } from './harness.js';

/** Each change of an offer shows in the conversation of its shopper, sale and item (decision 0230). */
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

function changed(hostId: number, buyerId: number, saleId: number, itemId: number, offer: Partial<Offer>): OfferChanged {
  return offerChangedEvent(hostId, buyerId, { saleId, itemId, ...offer });
}

it('starts the conversation with the offer, continues it with the counter and the answer, once per change', async () => {
  const host = newId();
  const buyer = newId();
  const stranger = newId();
  const sale = await harness.sale(host, { title: 'Spring Clean-out' });
  const item = harness.item(host, sale.id);
  const offerId = newId();
  const at = (offer: Partial<Offer>) => changed(host, buyer, sale.id, item.id, { id: offerId, ...offer });

  const created = await harness.publishAndApply('offer.created', 1, at({ status: 'open' }));
  // The same event again, and the same change under another event id: still one message.
  await harness.publish(created.type, created.version, created.data, created.id);
  await harness.publishAndApply('offer.created', 1, at({ status: 'open' }));

  const hostList = await harness.as(host, 'get', '/api/conversations');
  const conversation = hostList.body.conversations.find((c: { saleId: number }) => c.saleId === sale.id);
  expect(conversation).toMatchObject({ itemId: item.id, buyerId: buyer, hostId: host, unreadCount: 1 });
  expect(conversation.lastMessage).toMatchObject({
    senderId: buyer,
    text: 'Offered $20.00 for "Oak rocking chair".',
    offer: { offerId, status: 'open', amount: 20, counterAmount: null, reservationId: null },
  });

  await harness.publishAndApply('offer.countered', 2, at({ status: 'countered', counterAmount: 30 }));
  await harness.publishAndApply('offer.accepted', 3, at({ status: 'accepted', counterAmount: 30, agreedAmount: 30, reservationId: 77 }));

  const messages = await harness.messages(buyer, conversation.id);
  expect(messages.map((m) => [m.senderId, m.offer?.status, m.offer?.counterAmount])).toEqual([
    [buyer, 'accepted', 30],
    [host, 'countered', 30],
    [buyer, 'open', null],
  ]);
  expect(messages[0]).toMatchObject({ offer: { reservationId: 77 }, flagged: false, warning: null });
  expect(messages[1]!.text).toBe('Countered at $30.00 for "Oak rocking chair".');
  // The counter is unread for the shopper; their answer for the host.
  const buyerList = await harness.as(buyer, 'get', '/api/conversations');
  expect(buyerList.body.unreadCount).toBe(1);
  expect((await harness.as(stranger, 'get', `/api/conversations/${conversation.id}`)).status).toBe(404);

  // Both members' tabs heard of each new message, and of nothing twice.
  await waitFor(() => heard.filter((e) => e.userId === host && e.update.kind === 'message').length >= 3 || undefined);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const ids = (userId: number) => heard.filter((e) => e.userId === userId).map((e) => e.update);
  expect(ids(buyer)).toEqual(messages.reverse().map((m) => ({ kind: 'message', conversationId: conversation.id, messageId: m.id })));
  expect(ids(host)).toEqual(ids(buyer));
});

it('shows an offer in the conversation the shopper already has about the item, and a floor’s polite answer from the host’s side', async () => {
  const host = newId();
  const buyer = newId();
  const sale = await harness.sale(host);
  const item = harness.item(host, sale.id);
  const id = await harness.write(buyer, sale.id, 'Is the chair sturdy?', item.id);

  const polite = 'Thanks for your offer! The seller is not taking offers this low on this item.';
  // As items publishes it: the open offer, then at once the floor's answer.
  const low = changed(host, buyer, sale.id, item.id, { id: newId(), amount: 5 });
  await harness.publishAndApply('offer.created', 1, low);
  await harness.publishAndApply('offer.declined', 2, { ...low, offer: { ...low.offer, status: 'declined', message: polite } });

  const [declined, offered, first] = await harness.messages(buyer, id);
  expect(first!.text).toBe('Is the chair sturdy?');
  expect(offered).toMatchObject({ senderId: buyer, text: 'Offered $5.00 for "Oak rocking chair".', offer: { status: 'open' } });
  expect(declined).toMatchObject({ senderId: host, text: polite, offer: { status: 'declined' } });
  const [row] = await harness.query(`SELECT count(*)::int AS n FROM conversations WHERE buyer_id = $1`, [buyer]);
  expect(row!.n).toBe(1);
});

it('starts a conversation for an offer about a sale it has not heard of yet', async () => {
  const host = newId();
  const buyer = newId();
  const saleId = newId();
  const itemId = newId();
  await harness.publishAndApply('offer.withdrawn', 2, changed(host, buyer, saleId, itemId, { id: newId(), status: 'withdrawn' }));
  const list = await harness.as(host, 'get', '/api/conversations');
  const conversation = list.body.conversations.find((c: { saleId: number }) => c.saleId === saleId);
  expect(conversation.lastMessage).toMatchObject({ senderId: buyer, text: 'Withdrew the offer of $20.00 for "Oak rocking chair".' });
});
