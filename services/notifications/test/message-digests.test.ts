import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { MessageSent } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { MessageDigestJob } from '../src/email/message-digest.job.js';
import { newId, NotificationsHarness } from './harness.js';

/**
 * The hourly message digest (decision 0265): the first message of a conversation is emailed at
 * once; the next ones within the hour are held, and when the hour is up one email lists those
 * still unread, once however many job runs there are. The job's clock is the `now` a test passes.
 */
let h: NotificationsHarness;
let nextMessage = 9000;
let nextConversation = 900;

const sent = (host: number, buyer: number, conversationId: number, overrides: Partial<MessageSent> = {}): MessageSent => ({
  messageId: (nextMessage += 1),
  conversationId,
  saleId: 12,
  itemId: null,
  saleTitle: 'Oak side table',
  senderId: buyer,
  recipientId: host,
  flagged: false,
  firstLine: 'Hello',
  sentAt: new Date().toISOString(),
  ...overrides,
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const digestAt = (now: Date) => h.service.app.get(MessageDigestJob).run(now);

/** A host and a buyer, and a conversation whose first message was emailed at once. */
async function conversationEmailed(): Promise<{ host: number; buyer: number; conversation: number }> {
  const host = newId();
  const buyer = newId();
  const conversation = (nextConversation += 1);
  await h.user(host);
  await h.user(buyer);
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation, { firstLine: 'Is the table still there?' }));
  await waitFor(() => h.mailTo(host).length === 1 || undefined, 5000, 'the first message emailed');
  return { host, buyer, conversation };
}

const statuses = async (host: number) =>
  (await h.query(`SELECT email_status FROM alerts WHERE user_id = $1 ORDER BY id`, [host])).map((row) => row.email_status);

beforeAll(async () => {
  // The job runs only when a test says so, at the time it says.
  h = await NotificationsHarness.launch({ ALERT_EMAIL_POLL_MS: '200', MESSAGE_DIGEST_POLL_MS: '3600000' });
});

afterAll(async () => {
  await h?.close();
});

it('emails the first message, holds the next two, and sends one digest of both when the hour is up', async () => {
  const { host, buyer, conversation } = await conversationEmailed();
  expect(h.mailTo(host)[0]).toMatchObject({ subject: 'New message about "Oak side table"' });
  await h.publishAndApply(
    'message.sent',
    1,
    sent(host, buyer, conversation, { firstLine: 'Could you hold it <b>until</b> 5 & "bring" it?' }),
  );
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation, { firstLine: 'Thanks!' }));
  expect(await statuses(host)).toEqual(['sent', 'held', 'held']);

  // Within the hour: nothing more.
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(await digestAt(inMinutes(30))).toBe(0);
  expect(h.mailTo(host)).toHaveLength(1);

  expect(await digestAt(inMinutes(61))).toBe(1);
  const mails = h.mailTo(host);
  expect(mails).toHaveLength(2);
  const digest = mails[0]!;
  expect(digest.subject).toBe(`2 new messages from First${buyer} about "Oak side table"`);
  expect(digest.text).toContain('  - Could you hold it <b>until</b> 5 & "bring" it?\n  - Thanks!');
  expect(digest.text).toContain(`https://garage.test/messages/${conversation}`);
  expect(digest.text).not.toContain('Is the table still there?');
  // What members typed is text in the HTML, never markup.
  expect(digest.html).toContain('Could you hold it &lt;b&gt;until&lt;/b&gt; 5 &amp; &quot;bring&quot; it?');
  expect(digest.html).not.toContain('<b>until');
  expect(digest.html).toContain(`href="https://garage.test/messages/${conversation}"`);
  expect(await statuses(host)).toEqual(['sent', 'sent', 'sent']);

  // The next hour has started: another run sends nothing again.
  expect(await digestAt(inMinutes(62))).toBe(0);
  expect(h.mailTo(host)).toHaveLength(2);
});

it('sends no digest of messages read in the bell in the meantime, and leaves them out of one', async () => {
  const { host, buyer, conversation } = await conversationEmailed();
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation, { firstLine: 'Read in the app' }));
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation, { firstLine: 'Also read' }));
  const bearer = await h.bearer(host);
  for (const alert of await h.listedAlerts(host))
    await h.api().post(`/api/alerts/${alert.id}/read`).set('authorization', bearer).expect(200);
  expect(await digestAt(inMinutes(61))).toBe(0);
  expect(h.mailTo(host)).toHaveLength(1);
  expect(await statuses(host)).toEqual(['sent', 'none', 'none']);

  // One read, one not: the digest is the unread one alone.
  const other = await conversationEmailed();
  await h.publishAndApply('message.sent', 1, sent(other.host, other.buyer, other.conversation, { firstLine: 'Seen' }));
  await h.publishAndApply('message.sent', 1, sent(other.host, other.buyer, other.conversation, { firstLine: 'Not seen yet' }));
  const [unread, read] = await h.listedAlerts(other.host);
  await h
    .api()
    .post(`/api/alerts/${read!.id}/read`)
    .set('authorization', await h.bearer(other.host))
    .expect(200);
  expect(unread).toMatchObject({ read: false });
  expect(await digestAt(inMinutes(61))).toBe(1);
  expect(h.mailTo(other.host)[0]).toMatchObject({ subject: `1 new message from First${other.buyer} about "Oak side table"` });
  expect(h.mailTo(other.host)[0]!.text).toContain('  - Not seen yet\n\nRead and answer');
});

it('leaves out what was read in the conversation (conversation.read from messages), and lowers the bell', async () => {
  const { host, buyer, conversation } = await conversationEmailed();
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation, { firstLine: 'Read in the conversation' }));
  const readUpTo = nextMessage;
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation, { firstLine: 'Written after the read' }));
  const read = await h.publishAndApply('conversation.read', 1, {
    conversationId: conversation,
    readerId: host,
    lastMessageId: readUpTo,
    readAt: new Date().toISOString(),
  });
  // A redelivery changes nothing.
  await h.publish(read.type, read.version, read.data, read.id);
  expect((await h.listedAlerts(host)).map((alert) => alert.read)).toEqual([false, true, true]);

  expect(await digestAt(inMinutes(61))).toBe(1);
  expect(h.mailTo(host)[0]).toMatchObject({ subject: `1 new message from First${buyer} about "Oak side table"` });
  expect(h.mailTo(host)[0]!.text).toContain('  - Written after the read\n\nRead and answer');
});

it('sends a digest once when two runs (two replicas) reach it together', async () => {
  const { host, buyer, conversation } = await conversationEmailed();
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation, { firstLine: 'One' }));
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation, { firstLine: 'Two' }));
  const at = inMinutes(61);
  const [first, second] = await Promise.all([digestAt(at), digestAt(at)]);
  expect(first + second).toBeGreaterThanOrEqual(1);
  expect(h.mailTo(host)).toHaveLength(2);
  expect(h.mailTo(host)[0]!.text).toContain('  - One\n  - Two');
});

it('holds a message that arrives after the hour while others wait, and sends them together', async () => {
  const { host, buyer, conversation } = await conversationEmailed();
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation, { firstLine: 'Within the hour' }));
  await h.query(`UPDATE message_emails SET last_emailed_at = now() - interval '61 minutes' WHERE user_id = $1`, [host]);
  // Flagged: its text is not quoted; announced before lines were carried: read in the app.
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation, { flagged: true, firstLine: null }));
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation, { firstLine: undefined }));
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(h.mailTo(host)).toHaveLength(1);
  expect(await statuses(host)).toEqual(['sent', 'held', 'held', 'held']);

  expect(await digestAt(new Date())).toBe(1);
  expect(h.mailTo(host)[0]!.text).toContain(
    '  - Within the hour\n  - (This message looks like a payment scam: read it in the app, with care.)\n  - (Read this message in the app.)',
  );
});

it('holds nothing for a member without an address: the messages stay in the bell', async () => {
  const host = newId();
  const buyer = newId();
  await h.user(host, { email: null });
  await h.user(buyer);
  const conversation = (nextConversation += 1);
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation));
  await h.publishAndApply('message.sent', 1, sent(host, buyer, conversation));
  expect(await digestAt(inMinutes(61))).toBe(0);
  const [, second] = await h.query(`SELECT email_status, email_error FROM alerts WHERE user_id = $1 ORDER BY id`, [host]);
  expect(second).toEqual({ email_status: 'none', email_error: 'No email address known for this user' });
});
