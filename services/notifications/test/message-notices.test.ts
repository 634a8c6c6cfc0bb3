import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { MessageSent } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { MessageDigestJob } from '../src/email/message-digest.job.js';
import { newId, NotificationsHarness } from './harness.js';

/** A member written to hears of it in the bell for every message, and by email at most once per conversation an hour (the rest in an hourly digest). */
let h: NotificationsHarness;
const host = newId();
const buyer = newId();
let nextMessage = 5000;

const sent = (conversationId: number, overrides: Partial<MessageSent> = {}): MessageSent => ({
  messageId: (nextMessage += 1),
  conversationId,
  saleId: 12,
  itemId: null,
  saleTitle: 'Spring Clean-out',
  senderId: buyer,
  recipientId: host,
  flagged: false,
  sentAt: new Date().toISOString(),
  ...overrides,
});

const mailsTo = (address: string) => h.mailbox.messages().filter((m) => m.to === address);

beforeAll(async () => {
  h = await NotificationsHarness.launch({ MESSAGE_DIGEST_POLL_MS: '3600000' });
  await h.user(host, { email: 'host@example.com' });
  await h.user(buyer, { email: 'buyer@example.com' });
});

afterAll(async () => {
  await h?.close();
});

it('puts every message in the bell, and emails a conversation at most once an hour', async () => {
  const conversation = 71;
  const first = await h.publishAndApply('message.sent', 1, sent(conversation));
  // A redelivery is the same notice.
  await h.publish(first.type, first.version, first.data, first.id);
  await h.publishAndApply('message.sent', 1, sent(conversation));
  await h.publishAndApply('message.sent', 1, sent(conversation));

  const bell = await h
    .api()
    .get('/api/alerts')
    .set('authorization', await h.bearer(host));
  const messages = bell.body.alerts.filter((a: { kind: string }) => a.kind === 'message');
  expect(messages).toHaveLength(3);
  expect(messages[0]).toMatchObject({
    title: 'New message about "Spring Clean-out"',
    message: `First${buyer} wrote to you about "Spring Clean-out".`,
    link: `/messages/${conversation}`,
    saleId: 12,
    read: false,
  });

  const mails = await waitFor(() => (mailsTo('host@example.com').length >= 1 ? mailsTo('host@example.com') : undefined));
  expect(mails[0]).toMatchObject({ subject: 'New message about "Spring Clean-out"' });
  expect(mails[0]!.text).toContain('https://garage.test/messages');
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(mailsTo('host@example.com')).toHaveLength(1);

  // Another conversation is emailed on its own.
  await h.publishAndApply('message.sent', 1, sent(72));
  await waitFor(() => mailsTo('host@example.com').length === 2 || undefined);

  // When the hour is up, the two held messages go out in one digest (decision 0265)…
  await h.query(`UPDATE message_emails SET last_emailed_at = now() - interval '61 minutes' WHERE conversation_id = $1`, [conversation]);
  expect(await h.service.app.get(MessageDigestJob).run(new Date())).toBe(1);
  expect(mailsTo('host@example.com')[0]).toMatchObject({ subject: `2 new messages from First${buyer} about "Spring Clean-out"` });
  // …and an hour after that, with nothing held, the next message is emailed at once again.
  await h.query(`UPDATE message_emails SET last_emailed_at = now() - interval '61 minutes' WHERE conversation_id = $1`, [conversation]);
  await h.publishAndApply('message.sent', 1, sent(conversation));
  await waitFor(() => mailsTo('host@example.com').length === 4 || undefined);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(mailsTo('host@example.com')).toHaveLength(4);
});

it('warns of a flagged message in the notice, and tells the buyer when the host answers', async () => {
  await h.publishAndApply('message.sent', 1, sent(80, { flagged: true }));
  await h.publishAndApply('message.sent', 1, sent(80, { senderId: host, recipientId: buyer, saleTitle: null }));
  const [flagged] = await h.query(`SELECT message FROM alerts WHERE user_id = $1 AND data->>'conversationId' = '80'`, [host]);
  expect(flagged!.message).toContain('looks like a payment scam');
  const [toBuyer] = await h.query(`SELECT title, email_status FROM alerts WHERE user_id = $1 AND kind = 'message'`, [buyer]);
  expect(toBuyer).toMatchObject({ title: 'New message about a garage sale' });
  await waitFor(() => mailsTo('buyer@example.com').length === 1 || undefined);
});
