import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MESSAGES_DISABLED } from '@garage/contracts';
import { MessagesHarness, newId } from './harness.js';

let harness: MessagesHarness;

beforeAll(async () => {
  harness = await MessagesHarness.launch();
});

afterAll(async () => {
  await harness?.close();
});

describe('starting and continuing a conversation', () => {
  it('is one conversation per member, sale and item: writing again continues it', async () => {
    const host = newId();
    const buyer = newId();
    const sale = await harness.sale(host, { title: 'Spring Clean-out' });
    const first = await harness.as(buyer, 'post', '/api/conversations', { saleId: sale.id, text: 'Hello, are you open at 8?' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      saleId: sale.id,
      itemId: null,
      saleTitle: 'Spring Clean-out',
      buyerId: buyer,
      hostId: host,
      otherUserId: host,
      unreadCount: 0,
      lastMessage: { senderId: buyer, text: 'Hello, are you open at 8?', flagged: false, warning: null },
    });
    const again = await harness.as(buyer, 'post', '/api/conversations', { saleId: sale.id, text: 'And is parking easy?' });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await harness.messages(buyer, first.body.id)).map((m) => m.text)).toEqual([
      'And is parking easy?',
      'Hello, are you open at 8?',
    ]);

    // About one of its items: another conversation.
    const item = harness.item(host, sale.id);
    const aboutItem = await harness.write(buyer, sale.id, 'Is the lamp still there?', item.id);
    expect(aboutItem).not.toBe(first.body.id);
  });

  it('lets only its two members read or write it: anyone else gets 404', async () => {
    const host = newId();
    const buyer = newId();
    const stranger = newId();
    const sale = await harness.sale(host);
    const id = await harness.write(buyer, sale.id, 'Hi!');
    const answer = await harness.as(host, 'post', `/api/conversations/${id}/messages`, { text: 'Hi, welcome' });
    expect(answer.status).toBe(201);
    for (const [method, path, body] of [
      ['get', `/api/conversations/${id}`, undefined],
      ['post', `/api/conversations/${id}/messages`, { text: 'let me in' }],
      ['post', `/api/conversations/${id}/read`, undefined],
      ['post', `/api/conversations/${id}/report`, { reason: 'nosy' }],
    ] as const) {
      const response = await harness.as(stranger, method, path, body);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 404,
        body: { error: 'Conversation not found' },
      });
    }
    expect((await harness.as(stranger, 'get', '/api/conversations')).body.conversations).toEqual([]);
    expect((await harness.as(stranger, 'get', '/api/conversations/999999')).status).toBe(404);
    expect((await harness.api().get(`/api/conversations/${id}`)).status).toBe(401);
  });

  it('stores text exactly as typed and answers it verbatim in JSON', async () => {
    const host = newId();
    const buyer = newId();
    const sale = await harness.sale(host);
    const typed = '  <script>alert("hi")</script> & <b>bold</b>\nsecond line\twith a tab  ';
    const id = await harness.write(buyer, sale.id, typed);
    const [message] = await harness.messages(host, id);
    expect(message!.text).toBe(typed);
    const [row] = await harness.query(`SELECT text FROM messages WHERE conversation_id = $1`, [id]);
    expect(row!.text).toBe(typed);
  });

  it('takes 1 to 2,000 characters and answers bad input with a 400 naming the field', async () => {
    const host = newId();
    const buyer = newId();
    const sale = await harness.sale(host);
    expect((await harness.as(buyer, 'post', '/api/conversations', { saleId: sale.id, text: 'x'.repeat(2000) })).status).toBe(201);
    const cases: Array<[unknown, string]> = [
      [{ saleId: sale.id, text: 'x'.repeat(2001) }, 'text'],
      [{ saleId: sale.id, text: '' }, 'text'],
      [{ saleId: sale.id, text: ' \n\t ' }, 'text'],
      [{ saleId: sale.id, text: 'nul \u0000' }, 'text'],
      [{ saleId: sale.id, text: 42 }, 'text'],
      [{ saleId: sale.id }, 'text'],
      [{ text: 'hi' }, 'saleId'],
      [{ saleId: 'abc', text: 'hi' }, 'saleId'],
      [{ saleId: sale.id, itemId: -1, text: 'hi' }, 'itemId'],
    ];
    for (const [body, field] of cases) {
      const response = await harness.as(buyer, 'post', '/api/conversations', body);
      expect({ body, status: response.status, field: response.body.details?.[0]?.field }).toEqual({ body, status: 400, field });
      expect(typeof response.body.error).toBe('string');
    }
    const id = await harness.write(buyer, sale.id, 'ok');
    const tooLong = await harness.as(buyer, 'post', `/api/conversations/${id}/messages`, { text: 'y'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.details[0]).toEqual({ field: 'text', message: 'Text must be at most 2000 characters' });
    const broken = await harness
      .api()
      .post(`/api/conversations/${id}/messages`)
      .set('authorization', await harness.bearer(buyer))
      .set('content-type', 'application/json')
      .send('{"text": ');
    expect(broken.status).toBe(400);
    expect((await harness.as(buyer, 'get', '/api/conversations/abc')).status).toBe(400);
    expect((await harness.as(buyer, 'get', `/api/conversations/${id}?limit=0`)).body.details[0].field).toBe('limit');
  });

  it('refuses a host writing about their own sale, an unknown sale, and an item of another sale', async () => {
    const host = newId();
    const sale = await harness.sale(host);
    const own = await harness.as(host, 'post', '/api/conversations', { saleId: sale.id, text: 'me?' });
    expect(own.status).toBe(400);
    expect(own.body.details[0].field).toBe('saleId');
    const unknown = await harness.as(newId(), 'post', '/api/conversations', { saleId: newId(), text: 'hi' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Sale not found');
    const elsewhere = harness.item(host, newId());
    const wrongItem = await harness.as(newId(), 'post', '/api/conversations', { saleId: sale.id, itemId: elsewhere.id, text: 'hi' });
    expect(wrongItem.status).toBe(400);
    expect(wrongItem.body.details[0].field).toBe('itemId');
    const noItem = await harness.as(newId(), 'post', '/api/conversations', { saleId: sale.id, itemId: newId(), text: 'hi' });
    expect(noItem.status).toBe(404);
  });

  it("takes the sales service's word for a sale its copy has not heard of yet, without writing it into the copy", async () => {
    const host = newId();
    const buyer = newId();
    const sale = harness.ownerOnlySale(host, { title: 'Just listed' });
    const response = await harness.as(buyer, 'post', '/api/conversations', { saleId: sale.id, text: 'First!' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ hostId: host, saleTitle: 'Just listed' });
    expect(await harness.query(`SELECT id FROM sales WHERE id = $1`, [sale.id])).toEqual([]);
    const closed = harness.ownerOnlySale(host, { messages_enabled: false });
    const refused = await harness.as(buyer, 'post', '/api/conversations', { saleId: closed.id, text: 'Hi' });
    expect(refused.status).toBe(403);
  });

  it('is a 403 that says so when the host turned messages off for the sale, also in a conversation begun before', async () => {
    const host = newId();
    const buyer = newId();
    const sale = await harness.sale(host);
    const id = await harness.write(buyer, sale.id, 'Before the host turned messages off');
    await harness.sale(host, { ...sale, messages_enabled: false }, 2, sale.id);
    const start = await harness.as(newId(), 'post', '/api/conversations', { saleId: sale.id, text: 'Hi' });
    expect(start.status).toBe(403);
    expect(start.body).toEqual({ error: MESSAGES_DISABLED });
    const more = await harness.as(buyer, 'post', `/api/conversations/${id}/messages`, { text: 'Still there?' });
    expect(more.status).toBe(403);
    expect(more.body.error).toBe(MESSAGES_DISABLED);
    // What was said stays readable.
    expect((await harness.messages(buyer, id)).length).toBe(1);
    await harness.sale(host, { ...sale, messages_enabled: true }, 3, sale.id);
    expect((await harness.as(buyer, 'post', `/api/conversations/${id}/messages`, { text: 'Back on' })).status).toBe(201);
  });

  it('announces each message with message.sent for notifications to tell its recipient', async () => {
    const host = newId();
    const buyer = newId();
    const sale = await harness.sale(host, { title: 'Barn sale' });
    const id = await harness.write(buyer, sale.id, '\nDo you have tools?\nA drill in particular.');
    const event = await waitForEvent((e) => e.type === 'message.sent' && e.data.conversationId === id);
    expect(event.data).toMatchObject({
      conversationId: id,
      saleId: sale.id,
      senderId: buyer,
      recipientId: host,
      saleTitle: 'Barn sale',
      flagged: false,
      firstLine: 'Do you have tools?',
    });
    // Only the first line travels, for the digest email; the rest is read in the app.
    expect(JSON.stringify(event.data)).not.toContain('drill');
  });
});

async function waitForEvent(match: (event: any) => boolean) {
  for (let waited = 0; waited < 5000; waited += 50) {
    const found = harness.events.find(match);
    if (found) return found as any;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no such event');
}

describe("when the copy would refuse, the sales service's word", () => {
  it('lets a member write at once after the host turned messages back on, before the event arrives', async () => {
    const host = newId();
    const sale = await harness.sale(host, { messages_enabled: false });
    // The host turned them on; the sales service says so, its event is still on its way.
    harness.owners.sales.set(sale.id, { ...sale, messages_enabled: true });
    expect((await harness.as(newId(), 'post', '/api/conversations', { saleId: sale.id, text: 'Hi' })).status).toBe(201);
    expect((await harness.query(`SELECT messages_enabled FROM sales WHERE id = $1`, [sale.id]))[0]!.messages_enabled).toBe(false);
  });

  it("keeps the copy's refusal when the sales service cannot be asked", async () => {
    const host = newId();
    const sale = await harness.sale(host, { messages_enabled: false });
    // The sales service is down: its address answers nothing.
    const config = harness.service.config as Record<string, unknown>;
    const salesUrl = config.SALES_URL;
    config.SALES_URL = 'http://127.0.0.1:9';
    try {
      const refused = await harness.as(newId(), 'post', '/api/conversations', { saleId: sale.id, text: 'Hi' });
      expect(refused.status).toBe(403);
      const unknown = await harness.as(newId(), 'post', '/api/conversations', { saleId: newId(), text: 'Hi' });
      expect(unknown.status).toBe(503);
      expect(unknown.headers['retry-after']).toBe('1');
    } finally {
      config.SALES_URL = salesUrl;
    }
  });
});
