import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startService, type RunningService } from '@garage/service-kit';
import { startGateway, type RunningGateway } from '../src/index.js';
import { ItemsHarness, newId } from '../../services/items/test/harness.js';
import { itemsService } from '../../services/items/src/index.js';

/**
 * The real items service stopped as SIGTERM stops it (stop taking requests, finish those in
 * flight, exit) and started again on its port, under load through the gateway. Every request the
 * gateway accepted must succeed, and every write must land exactly once.
 */
let h: ItemsHarness;
let replacement: RunningService<unknown> | null = null;
let gateway: RunningGateway;
const host = newId();
const sale = newId();

beforeAll(async () => {
  h = await ItemsHarness.launch();
  await h.user(host);
  await h.sale(sale, host);
  gateway = await startGateway({
    // A restart on one machine takes a few seconds; in a cluster another replica answers at once.
    env: { ...h.testEnv.env, PORT: '0', LOG_LEVEL: 'silent', ITEMS_URL: h.service.url, UPSTREAM_RETRY_WINDOW_MS: '20000' },
  });
});

afterAll(async () => {
  await gateway?.close();
  await replacement?.close();
  await h?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the items service restarted under load behind the gateway', () => {
  it('fails no accepted request, loses and doubles no write', async () => {
    const bearer = await h.bearer(host);
    const statuses: number[] = [];
    const created: string[] = [];
    let running = true;
    let next = 0;
    const client = async (writer: boolean) => {
      while (running) {
        const title = `Lamp ${(next += 1)}`;
        const response = writer
          ? await fetch(`${gateway.url}/api/items`, {
              method: 'POST',
              headers: { authorization: bearer, 'content-type': 'application/json' },
              body: JSON.stringify({ title, category: 'Furniture', price: 5, condition: 'good', garageSaleId: sale }),
            })
          : await fetch(`${gateway.url}/api/items/my-items`, { headers: { authorization: bearer } });
        await response.arrayBuffer();
        statuses.push(response.status);
        if (response.status >= 300) console.log(`${writer ? 'POST' : 'GET'} failed: ${response.status}`);
        if (writer && response.status === 201) created.push(title);
      }
    };
    const until = async (done: () => boolean) => {
      for (const deadline = Date.now() + 30_000; !done() && Date.now() < deadline;) await sleep(20);
    };
    const clients = Array.from({ length: 6 }, (_, i) => client(i % 2 === 0));
    let downMs = 0;
    try {
      await until(() => created.length >= 30);
      const port = new URL(h.service.url).port;
      const stopped = Date.now();
      await h.service.close();
      replacement = await startService(itemsService, { env: { ...h.testEnv.env, PORT: port } });
      downMs = Date.now() - stopped;
      const before = created.length;
      await until(() => created.length >= before + 30);
    } finally {
      running = false;
      await Promise.all(clients);
    }
    const failed = statuses.filter((status) => status >= 300).length;
    const rows = await replacement!.dataSource.query(`SELECT title FROM items WHERE user_id = $1`, [host]);
    const titles = rows.map((row: { title: string }) => row.title);
    const doubled = titles.length - new Set(titles).size;
    const lost = created.filter((title) => !titles.includes(title)).length;
    console.log(
      `items restarted under load (${downMs} ms without a listener): ${statuses.length} requests through the gateway, ` +
        `${failed} failed; ${created.length} writes answered 201, ${titles.length} stored, ${lost} lost, ${doubled} doubled`,
    );
    expect(failed).toBe(0);
    expect(lost).toBe(0);
    expect(doubled).toBe(0);
    expect(titles.length).toBe(created.length);
  }, 90_000);
});
