import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { Logger } from '@garage/service-kit';
import { RESOLVE_INTERVAL_MS, ServiceAddresses } from '../src/service-addresses.js';
import { Upstreams } from '../src/upstreams.js';

/**
 * A service reached by a name that stands for several replicas (compose's `items` scaled to 3):
 * the gateway looks the name up again, spreads requests over every address it resolves to, follows
 * replicas that come and go, and holds a request while the name resolves to nothing (the one
 * replica restarting) instead of failing it. Real servers on two loopback addresses; the name's
 * answers are what a DNS server would say at each moment.
 */

interface Replica {
  address: string;
  hits: number;
  server: Server;
}

async function replica(address: string, port: number): Promise<Replica> {
  const state = { address, hits: 0 } as Replica;
  state.server = createServer((req, res) => {
    state.hits += 1;
    req.resume();
    req.on('end', () => res.setHeader('content-type', 'application/json').end(JSON.stringify({ address })));
  });
  await new Promise<void>((resolve) => state.server.listen(port, address, resolve));
  return state;
}

const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined, debug: () => undefined } as unknown as Logger;

let port = 0;
let replicas: Replica[] = [];
let answer: string[] = [];
let lookups = 0;
const resolve = async (host: string): Promise<LookupAddress[]> => {
  lookups += 1;
  if (host !== 'items.test' || answer.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answer.map((address) => ({ address, family: 4 }));
};

beforeAll(async () => {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  port = (probe.address() as { port: number }).port;
  await new Promise((done) => probe.close(done));
  replicas = [await replica('127.0.0.1', port), await replica('127.0.0.2', port)];
});

afterAll(async () => {
  await Promise.all(replicas.map((r) => new Promise((done) => r.server.close(done))));
});

const urls = (items: string) =>
  ({ auth: items, sales: items, items, media: items, payments: items, shopper: items }) as ConstructorParameters<typeof Upstreams>[0];

async function get(upstreams: Upstreams): Promise<string> {
  const response = await upstreams.request('items', { path: '/x', method: 'GET' });
  return ((await response.body.json()) as { address: string }).address;
}
async function post(upstreams: Upstreams): Promise<string> {
  const response = await upstreams.request('items', { path: '/x', method: 'POST', body: '{}' });
  return ((await response.body.json()) as { address: string }).address;
}

describe('a service name with several replicas behind it', () => {
  it('sends reads and writes to every address the name resolves to, in turn', async () => {
    answer = ['127.0.0.1', '127.0.0.2'];
    const upstreams = new Upstreams(urls(`http://items.test:${port}`), { retryWindowMs: 2000, logger: quiet, resolve });
    try {
      const reads = await Promise.all(Array.from({ length: 20 }, () => get(upstreams)));
      const writes = [];
      for (let i = 0; i < 10; i += 1) writes.push(await post(upstreams));
      expect(new Set(reads)).toEqual(new Set(['127.0.0.1', '127.0.0.2']));
      expect(writes.filter((a) => a === '127.0.0.1').length).toBe(5);
      expect(writes.filter((a) => a === '127.0.0.2').length).toBe(5);
    } finally {
      await upstreams.close();
    }
  });

  it('follows the name: a replica that joins gets traffic and one that left gets none, within a lookup interval', async () => {
    answer = ['127.0.0.1'];
    const upstreams = new Upstreams(urls(`http://items.test:${port}`), { retryWindowMs: 2000, logger: quiet, resolve });
    try {
      for (let i = 0; i < 4; i += 1) expect(await get(upstreams)).toBe('127.0.0.1');
      answer = ['127.0.0.1', '127.0.0.2'];
      await new Promise((done) => setTimeout(done, RESOLVE_INTERVAL_MS + 50));
      const after = await Promise.all(Array.from({ length: 10 }, () => get(upstreams)));
      expect(after).toContain('127.0.0.2');
      answer = ['127.0.0.2'];
      await new Promise((done) => setTimeout(done, RESOLVE_INTERVAL_MS + 50));
      const later = [];
      for (let i = 0; i < 6; i += 1) later.push(await post(upstreams));
      expect(new Set(later)).toEqual(new Set(['127.0.0.2']));
    } finally {
      await upstreams.close();
    }
  });

  it('holds a request while the name resolves to nothing, and sends it once the name is back', async () => {
    answer = [];
    const upstreams = new Upstreams(urls(`http://items.test:${port}`), { retryWindowMs: 5000, logger: quiet, resolve });
    try {
      const before = replicas[0].hits + replicas[1].hits;
      const write = post(upstreams);
      const read = get(upstreams);
      await new Promise((done) => setTimeout(done, 700));
      answer = ['127.0.0.2'];
      expect(await write).toBe('127.0.0.2');
      expect(await read).toBe('127.0.0.2');
      expect(replicas[0].hits + replicas[1].hits - before).toBe(2);
    } finally {
      await upstreams.close();
    }
  });

  it('fails a request when the name stays unresolvable past the retry window', async () => {
    answer = [];
    const upstreams = new Upstreams(urls(`http://items.test:${port}`), { retryWindowMs: 300, logger: quiet, resolve });
    try {
      await expect(post(upstreams)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    } finally {
      await upstreams.close();
    }
  });

  it('sends a request whose connection failed to another replica', async () => {
    // 127.0.0.3 has nothing listening: its connections are refused, as a replica's that is
    // draining or gone.
    answer = ['127.0.0.1', '127.0.0.3'];
    const upstreams = new Upstreams(urls(`http://items.test:${port}`), { retryWindowMs: 1000, logger: quiet, resolve });
    try {
      const answered = [];
      for (let i = 0; i < 10; i += 1) answered.push(await post(upstreams), await get(upstreams));
      expect(new Set(answered)).toEqual(new Set(['127.0.0.1']));
    } finally {
      await upstreams.close();
    }
  });

  it('passes over a failed address only while another can take the request', async () => {
    answer = ['127.0.0.1', '127.0.0.2'];
    const addresses = new ServiceAddresses(`http://items.test:${port}`, resolve);
    try {
      const bad = `http://127.0.0.2:${port}`;
      addresses.failed(bad);
      const picked = [];
      for (let i = 0; i < 6; i += 1) picked.push(await addresses.next());
      expect(new Set(picked)).toEqual(new Set([`http://127.0.0.1:${port}`]));
      expect(addresses.hasOther(`http://127.0.0.1:${port}`)).toBe(false);
      expect(addresses.hasOther(bad)).toBe(true);
      // The one address left failing too: both are still tried, in turn (a restarting service).
      addresses.failed(`http://127.0.0.1:${port}`);
      const last = [];
      for (let i = 0; i < 4; i += 1) last.push(await addresses.next());
      expect(new Set(last)).toEqual(new Set([`http://127.0.0.1:${port}`, bad]));
    } finally {
      await addresses.close();
    }
  });

  it('never looks up an address given as an IP', async () => {
    const upstreams = new Upstreams(urls(`http://127.0.0.1:${port}`), { retryWindowMs: 300, logger: quiet, resolve });
    try {
      const count = lookups;
      expect(await get(upstreams)).toBe('127.0.0.1');
      expect(lookups).toBe(count);
    } finally {
      await upstreams.close();
    }
  });
});
