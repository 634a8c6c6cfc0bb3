import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { LiveUpdateEnvelope } from '@garage/contracts';
import { liveUpdatesFrom, type LiveUpdates } from '@garage/service-kit';
import { offerChangedEvent, waitFor } from '@garage/testing';
import { newId, NotificationsHarness } from './harness.js';

/** The other side of each move on an offer hears of it: in the bell, by email as they chose, and on their open tabs (decision 0232). */
let h: NotificationsHarness;
let updates: LiveUpdates;
const heard: LiveUpdateEnvelope[] = [];

beforeAll(async () => {
  h = await NotificationsHarness.launch();
  const { env } = h.testEnv;
  updates = liveUpdatesFrom({ RATE_LIMIT_STORE: 'redis', REDIS_URL: env.REDIS_URL, EVENT_QUEUE_PREFIX: env.EVENT_QUEUE_PREFIX! }, '');
  await updates.subscribe((envelope) => heard.push(envelope));
});

afterAll(async () => {
  await updates?.close();
  await h?.close();
});

const changed = offerChangedEvent;

const offerAlerts = async (userId: number) => (await h.listedAlerts(userId)).filter((alert) => alert.kind === 'offer');
const liveOf = (userId: number) => heard.filter((e) => e.userId === userId).map((e) => e.update);

it('tells the host of an offer and the shopper of the counter, once each, in the bell, by email and on their tabs', async () => {
  const host = newId();
  const buyer = newId();
  await h.user(host);
  await h.user(buyer);
  const id = newId();

  const created = await h.publishAndApply('offer.created', 1, changed(host, buyer, { id }));
  // A redelivery, and the same change under another event id, tell nobody again.
  await h.publish(created.type, created.version, created.data, created.id);
  await h.publishAndApply('offer.created', 1, changed(host, buyer, { id }));
  await h.publishAndApply(
    'offer.countered',
    2,
    changed(host, buyer, { id, status: 'countered', counterAmount: 30, updatedAt: new Date(Date.now() + 1000).toISOString() }),
  );

  const [toHost] = await offerAlerts(host);
  expect(await offerAlerts(host)).toHaveLength(1);
  expect(toHost).toMatchObject({
    title: 'New offer on "Oak rocking chair"',
    message: 'A shopper offered $20.00 for "Oak rocking chair". Accept, counter or decline it within 24 hours.',
    link: '/offers',
    itemId: 31,
    saleId: 12,
    read: false,
  });
  expect(await offerAlerts(buyer)).toMatchObject([
    { title: 'Counter-offer on "Oak rocking chair"', message: 'The seller countered your offer on "Oak rocking chair" at $30.00.' },
  ]);

  // The new-offer email waits 10 s for an at-once answer that would take it back.
  expect(h.mailTo(host)).toHaveLength(0);
  const hostMail = await waitFor(() => (h.mailTo(host).length > 0 ? h.mailTo(host) : undefined), 20_000, 'the new-offer email');
  expect(hostMail[0]).toMatchObject({ subject: 'New offer on "Oak rocking chair"' });
  expect(hostMail[0]!.text).toContain('https://garage.test/offers');
  await waitFor(() => h.mailTo(buyer).length === 1 || undefined);

  await waitFor(() => liveOf(buyer).filter((u) => u.kind === 'offer').length >= 2 || undefined);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(liveOf(host)).toEqual([
    { kind: 'alerts', unreadCount: 1 },
    { kind: 'offer', offerId: id, status: 'open' },
    { kind: 'offer', offerId: id, status: 'countered' },
  ]);
  expect(liveOf(buyer)).toEqual([
    { kind: 'offer', offerId: id, status: 'open' },
    { kind: 'alerts', unreadCount: 1 },
    { kind: 'offer', offerId: id, status: 'countered' },
  ]);
  expect(h.mailTo(host)).toHaveLength(1);
});

it('tells the host when the shopper answers a counter, and the shopper when the host answers or another offer wins', async () => {
  const host = newId();
  const buyer = newId();
  const other = newId();
  await Promise.all([h.user(host), h.user(buyer), h.user(other)]);
  const id = newId();
  const later = new Date(Date.now() + 60_000).toISOString();
  await h.publishAndApply(
    'offer.accepted',
    3,
    changed(host, buyer, { id, status: 'accepted', counterAmount: 30, agreedAmount: 30, reservationId: 9, updatedAt: later }),
  );
  const taken = 'Sorry, the seller accepted another offer on this item.';
  await h.publishAndApply('offer.declined', 2, changed(host, other, { id: newId(), status: 'declined', message: taken, updatedAt: later }));

  expect(await offerAlerts(host)).toMatchObject([{ title: 'Counter accepted on "Oak rocking chair"' }]);
  expect(await offerAlerts(buyer)).toEqual([]);
  expect(await offerAlerts(other)).toMatchObject([{ title: 'Offer declined on "Oak rocking chair"', message: taken }]);
});

it('takes back the host’s alert of an offer its floor declined at once, says when its auto-accept price took one, and emails no one who turned offer emails off', async () => {
  const host = newId();
  const buyer = newId();
  await Promise.all([h.user(host), h.user(buyer)]);
  const settings = await h
    .api()
    .put('/api/alerts/settings')
    .set('authorization', await h.bearer(buyer))
    .send({ saleUpdateEmails: true, offerEmails: false })
    .expect(200);
  expect(settings.body).toEqual({ saleUpdateEmails: true, dropOutEmails: false, offerEmails: false });

  // As items publishes them: the open offer, then at once (the same moment) the floor's answer.
  const low = changed(host, buyer, { id: newId(), amount: 2 });
  await h.publishAndApply('offer.created', 1, low);
  await h.publishAndApply('offer.declined', 2, { ...low, offer: { ...low.offer, status: 'declined', message: 'Thanks for your offer!' } });
  expect(await offerAlerts(host)).toEqual([]);
  expect(await offerAlerts(buyer)).toEqual([]);

  const high = changed(host, buyer, { id: newId(), amount: 38 });
  await h.publishAndApply('offer.created', 1, high);
  await h.publishAndApply('offer.accepted', 2, {
    ...high,
    offer: { ...high.offer, status: 'accepted', agreedAmount: 38, reservationId: 5 },
  });
  expect(await offerAlerts(host)).toMatchObject([{ title: 'Offer accepted on "Oak rocking chair"' }]);
  expect(await offerAlerts(buyer)).toEqual([]);

  // Declined later by the host: the shopper is told in the bell, not by email.
  const later = new Date(Date.now() + 60_000).toISOString();
  await h.publishAndApply('offer.declined', 2, changed(host, buyer, { id: newId(), status: 'declined', updatedAt: later }));
  const [declined] = await h.query(`SELECT title, email_status FROM alerts WHERE user_id = $1 AND kind = 'offer'`, [buyer]);
  expect(declined).toEqual({ title: 'Offer declined on "Oak rocking chair"', email_status: 'none' });
  // Saying nothing of offers keeps the choice.
  await h
    .api()
    .put('/api/alerts/settings')
    .set('authorization', await h.bearer(buyer))
    .send({ saleUpdateEmails: false })
    .expect(200, { saleUpdateEmails: false, dropOutEmails: false, offerEmails: false });
});
