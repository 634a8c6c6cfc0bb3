import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MessagesHarness, newId } from './harness.js';

let harness: MessagesHarness;

beforeAll(async () => {
  harness = await MessagesHarness.launch();
});

afterAll(async () => {
  await harness?.close();
});

const sentTo = (recipientId: number) => harness.events.filter((e) => e.type === 'message.sent' && e.data.recipientId === recipientId);

describe('safety', () => {
  it('flags payment-scam messages: the recipient sees flagged and a warning, the sender neither', async () => {
    const host = newId();
    const buyer = newId();
    const sale = await harness.sale(host);
    const id = await harness.write(buyer, sale.id, 'Is the bike available?');
    const scam = await harness.as(host, 'post', `/api/conversations/${id}/messages`, {
      text: 'Yes! Zelle me first and text me at 555-123-4567',
    });
    expect(scam.status).toBe(201);
    expect(scam.body).toMatchObject({ flagged: false, warning: null });

    const [asBuyer] = await harness.messages(buyer, id);
    expect(asBuyer).toMatchObject({ senderId: host, flagged: true });
    expect(asBuyer!.warning).toMatch(/payment scam/);
    const [asHost] = await harness.messages(host, id);
    expect(asHost).toMatchObject({ flagged: false, warning: null });
    const list = await harness.as(buyer, 'get', '/api/conversations');
    expect(list.body.conversations[0].lastMessage.flagged).toBe(true);

    const card = await harness.as(buyer, 'post', `/api/conversations/${id}/messages`, { text: 'Can I pay with a gift card?' });
    expect(card.body.flagged).toBe(false);
    expect((await harness.messages(host, id))[0]).toMatchObject({ flagged: true });
    const link = await harness.as(host, 'post', `/api/conversations/${id}/messages`, { text: 'pay here https://paypal.me/bikeguy' });
    expect(link.status).toBe(201);
    expect((await harness.messages(buyer, id))[0]!.flagged).toBe(true);
    const plain = await harness.as(host, 'post', `/api/conversations/${id}/messages`, { text: 'Cash at the sale is fine' });
    expect(plain.status).toBe(201);
    expect((await harness.messages(buyer, id))[0]!.flagged).toBe(false);
  });

  it('withholds the messages of a blocked member, who is not told', async () => {
    const host = newId();
    const buyer = newId();
    const sale = await harness.sale(host);
    const id = await harness.write(buyer, sale.id, 'Before the block');
    await harness.as(host, 'post', `/api/conversations/${id}/read`);

    const block = await harness.as(host, 'post', '/api/blocks', { userId: buyer });
    expect(block.status).toBe(201);
    expect(block.body.userId).toBe(buyer);
    expect((await harness.as(host, 'post', '/api/blocks', { userId: buyer })).status).toBe(201);

    // The blocked buyer's writes are answered as any other...
    const after = await harness.as(buyer, 'post', `/api/conversations/${id}/messages`, { text: 'After the block' });
    expect(after.status).toBe(201);
    expect(after.body.text).toBe('After the block');
    expect((await harness.messages(buyer, id)).map((m) => m.text)).toEqual(['After the block', 'Before the block']);
    // ...and never reach the host: not shown, not unread, not announced.
    expect((await harness.messages(host, id)).map((m) => m.text)).toEqual(['Before the block']);
    expect((await harness.as(host, 'get', '/api/conversations')).body.unreadCount).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentTo(host).length).toBe(1);

    // A new conversation of the blocked buyer does not exist for the host.
    const other = await harness.sale(host);
    const hidden = await harness.write(buyer, other.id, 'Another sale of yours');
    expect((await harness.as(host, 'get', `/api/conversations/${hidden}`)).status).toBe(404);
    expect((await harness.as(host, 'get', '/api/conversations')).body.conversations.map((c: any) => c.id)).toEqual([id]);
    expect((await harness.as(buyer, 'get', `/api/conversations/${hidden}`)).status).toBe(200);

    // The host still writes to the buyer (a block stops only the blocked member).
    expect((await harness.as(host, 'post', `/api/conversations/${id}/messages`, { text: 'Goodbye' })).status).toBe(201);
    expect((await harness.messages(buyer, id))[0]!.text).toBe('Goodbye');

    const self = await harness.as(host, 'post', '/api/blocks', { userId: host });
    expect(self.status).toBe(400);
    expect(self.body.details[0].field).toBe('userId');
    expect((await harness.as(host, 'post', '/api/blocks', { userId: 'x' })).body.details[0].field).toBe('userId');
  });

  it('records a report of a conversation', async () => {
    const host = newId();
    const buyer = newId();
    const sale = await harness.sale(host);
    const id = await harness.write(buyer, sale.id, 'Send me a gift card');
    const report = await harness.as(host, 'post', `/api/conversations/${id}/report`, { reason: 'Gift card scam' });
    expect(report.status).toBe(201);
    expect(report.body).toMatchObject({ conversationId: id });
    expect(await harness.query(`SELECT reporter_id, reason FROM reports WHERE conversation_id = $1`, [id])).toEqual([
      { reporter_id: host, reason: 'Gift card scam' },
    ]);
    const empty = await harness.as(host, 'post', `/api/conversations/${id}/report`, { reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.details[0].field).toBe('reason');
  });

  it('allows 10 new conversations per member an hour, then 429 with Retry-After; continuing one is not counted', async () => {
    const buyer = newId();
    const sales = await Promise.all(Array.from({ length: 11 }, () => harness.sale(newId())));
    const ids: number[] = [];
    for (const sale of sales.slice(0, 10)) ids.push(await harness.write(buyer, sale.id, 'Hi'));
    const refused = await harness.as(buyer, 'post', '/api/conversations', { saleId: sales[10]!.id, text: 'Hi' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/At most 10 new conversations an hour/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Continuing works, both ways in.
    expect(await harness.write(buyer, sales[0]!.id, 'Me again')).toBe(ids[0]);
    expect((await harness.as(buyer, 'post', `/api/conversations/${ids[1]}/messages`, { text: 'And here' })).status).toBe(201);
    // Refused attempts are not counted, and other members have their own count.
    expect((await harness.as(buyer, 'post', '/api/conversations', { saleId: sales[10]!.id, text: 'Hi' })).status).toBe(429);
    expect((await harness.as(newId(), 'post', '/api/conversations', { saleId: sales[10]!.id, text: 'Hi' })).status).toBe(201);
  });

  it('holds under concurrency: 15 new conversations at once make 10; 5 writes at once about one sale make one', async () => {
    const buyer = newId();
    const sales = await Promise.all(Array.from({ length: 15 }, () => harness.sale(newId())));
    const answers = await Promise.all(
      sales.map((sale) => harness.as(buyer, 'post', '/api/conversations', { saleId: sale.id, text: 'Hi' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(201), ...Array(5).fill(429)]);

    const other = newId();
    const sale = await harness.sale(newId());
    const same = await Promise.all(
      Array.from({ length: 5 }, (_, n) => harness.as(other, 'post', '/api/conversations', { saleId: sale.id, text: `Hi ${n}` })),
    );
    expect(same.map((a) => a.status)).toEqual(Array(5).fill(201));
    expect(new Set(same.map((a) => a.body.id)).size).toBe(1);
    expect(await harness.messages(other, same[0]!.body.id)).toHaveLength(5);
    // Counted once: nine more new ones are allowed, the tenth is not.
    const more = await Promise.all(Array.from({ length: 10 }, () => harness.sale(newId())));
    const statuses: number[] = [];
    for (const next of more) statuses.push((await harness.as(other, 'post', '/api/conversations', { saleId: next.id, text: 'Hi' })).status);
    expect(statuses).toEqual([...Array(9).fill(201), 429]);
  });

  it('does not count a conversation that failed (messages off) against the limit', async () => {
    const buyer = newId();
    const closed = await harness.sale(newId(), { messages_enabled: false });
    for (let n = 0; n < 12; n += 1)
      expect((await harness.as(buyer, 'post', '/api/conversations', { saleId: closed.id, text: 'Hi' })).status).toBe(403);
    const open = await harness.sale(newId());
    expect((await harness.as(buyer, 'post', '/api/conversations', { saleId: open.id, text: 'Hi' })).status).toBe(201);
  });
});
