import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@garage/testing';
import { MessagesHarness, newId } from './harness.js';

let harness: MessagesHarness;

beforeAll(async () => {
  harness = await MessagesHarness.launch();
});

afterAll(async () => {
  await harness?.close();
});

describe('reading conversations', () => {
  it('counts unread messages per conversation and in all, marks nothing read on reading, and marks them on …/read', async () => {
    const host = newId();
    const buyer = newId();
    const sale = await harness.sale(host);
    const id = await harness.write(buyer, sale.id, 'One');
    await harness.write(buyer, sale.id, 'Two');
    const other = await harness.write(newId(), sale.id, 'From someone else');

    const list = await harness.as(host, 'get', '/api/conversations');
    expect(list.status).toBe(200);
    expect(list.body.unreadCount).toBe(3);
    expect(list.body.conversations.map((c: any) => [c.id, c.unreadCount])).toEqual([
      [other, 1],
      [id, 2],
    ]);
    // Reading the list or the conversation marks nothing read.
    const detail = await harness.as(host, 'get', `/api/conversations/${id}`);
    expect(detail.body.unreadCount).toBe(2);
    expect((await harness.as(host, 'get', '/api/conversations')).body.unreadCount).toBe(3);
    // The buyer's own messages are never unread for the buyer.
    expect((await harness.as(buyer, 'get', '/api/conversations')).body.conversations[0].unreadCount).toBe(0);

    const read = await harness.as(host, 'post', `/api/conversations/${id}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ unreadCount: 1 });
    const after = await harness.as(host, 'get', '/api/conversations');
    expect(after.body.conversations.find((c: any) => c.id === id).unreadCount).toBe(0);

    // The host answers: now the buyer has one unread, and the conversation moves to the top.
    await harness.as(host, 'post', `/api/conversations/${id}/messages`, { text: 'Yes, open at 8' });
    const buyers = await harness.as(buyer, 'get', '/api/conversations');
    expect(buyers.body).toMatchObject({ unreadCount: 1, conversations: [{ id, unreadCount: 1, lastMessage: { text: 'Yes, open at 8' } }] });
    const hosts = await harness.as(host, 'get', '/api/conversations');
    expect(hosts.body.conversations.map((c: any) => c.id)).toEqual([id, other]);
  });

  it('tells notifications what was read (conversation.read up to the last message read), once', async () => {
    const host = newId();
    const buyer = newId();
    const sale = await harness.sale(host);
    const id = await harness.write(buyer, sale.id, 'One');
    await harness.write(buyer, sale.id, 'Two');
    const sent = () => harness.events.filter((e) => e.type === 'message.sent' && e.data.conversationId === id);
    const reads = () => harness.events.filter((e) => e.type === 'conversation.read' && e.data.conversationId === id);
    await waitFor(() => sent().length === 2 || undefined, 5000, 'both messages announced');

    expect((await harness.as(host, 'post', `/api/conversations/${id}/read`)).status).toBe(200);
    const [read] = await waitFor(() => (reads().length === 1 ? reads() : undefined), 5000, 'the read announced');
    expect(read!.data).toMatchObject({
      conversationId: id,
      readerId: host,
      lastMessageId: Math.max(...sent().map((e) => (e.data as { messageId: number }).messageId)),
    });
    // Nothing left unread: nothing to announce.
    expect((await harness.as(host, 'post', `/api/conversations/${id}/read`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reads()).toHaveLength(1);
  });

  it('pages messages newest first by message id (limit, then before = nextBefore)', async () => {
    const host = newId();
    const buyer = newId();
    const sale = await harness.sale(host);
    const id = await harness.write(buyer, sale.id, 'm1');
    for (let n = 2; n <= 7; n += 1) await harness.as(n % 2 ? buyer : host, 'post', `/api/conversations/${id}/messages`, { text: `m${n}` });

    const pages: string[][] = [];
    let before: number | null = null;
    do {
      const query: string = before === null ? '?limit=3' : `?limit=3&before=${before}`;
      const response = await harness.as(buyer, 'get', `/api/conversations/${id}${query}`);
      expect(response.status).toBe(200);
      pages.push(response.body.messages.map((m: any) => m.text));
      expect(response.body.lastMessage.text).toBe('m7');
      before = response.body.nextBefore;
    } while (before !== null && pages.length < 5);
    expect(pages).toEqual([['m7', 'm6', 'm5'], ['m4', 'm3', 'm2'], ['m1']]);

    const all = await harness.as(buyer, 'get', `/api/conversations/${id}`);
    expect(all.body.messages).toHaveLength(7);
    expect(all.body.nextBefore).toBeNull();
    expect((await harness.as(buyer, 'get', `/api/conversations/${id}?limit=101`)).status).toBe(400);
    expect((await harness.as(buyer, 'get', `/api/conversations/${id}?before=x`)).status).toBe(400);
  });
});
