import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { infrastructure, uniqueName } from '@garage/testing';
import { MemoryViewCounter, RedisViewCounter, viewerToken, type ViewCounter } from './view-counter.js';

const counters: ViewCounter[] = [];
const prefix = `${uniqueName('vc')}:`;

afterAll(async () => {
  for (const counter of counters) await counter.close();
  // The counts are kept for a year: this file's go with it.
  const redis = new Redis((await infrastructure()).redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe.each([
  ['memory', async () => new MemoryViewCounter() as ViewCounter],
  ['redis', async () => new RedisViewCounter((await infrastructure()).redisUrl, prefix) as ViewCounter],
])('%s view counter', (_name, make) => {
  it('counts views per day and subject, and each day’s distinct viewers', async () => {
    const counter = await make();
    counters.push(counter);
    const scope = uniqueName('sale');
    await counter.view(scope, 'sale', '2030-06-14', 'a');
    await counter.view(scope, 'sale', '2030-06-14', 'a');
    await counter.view(scope, 'sale', '2030-06-14', 'b');
    await counter.view(scope, 'sale', '2030-06-15', 'a');
    await counter.view(scope, '17', '2030-06-15');
    const counts = await counter.read(scope);
    expect(counts.views.sort((x, y) => `${x.day}${x.subject}`.localeCompare(`${y.day}${y.subject}`))).toEqual([
      { day: '2030-06-14', subject: 'sale', count: 3 },
      { day: '2030-06-15', subject: '17', count: 1 },
      { day: '2030-06-15', subject: 'sale', count: 1 },
    ]);
    expect(counts.viewers).toEqual({ '2030-06-14': 2, '2030-06-15': 1 });
    expect(await counter.read(uniqueName('nothing'))).toEqual({ views: [], viewers: {} });
  });

  it('gives a day one salt, the same every time it is asked, and another day another', async () => {
    const counter = await make();
    counters.push(counter);
    const day = `2030-${uniqueName('d')}`;
    const salt = await counter.salt(day);
    expect(salt).toHaveLength(32);
    expect((await counter.salt(day)).equals(salt)).toBe(true);
    expect((await counter.salt(`${day}-next`)).equals(salt)).toBe(false);
  });
});

describe('redis view counter', () => {
  it('keeps counts, a HyperLogLog per day and the day’s salt, never a viewer’s token', async () => {
    const counter = new RedisViewCounter((await infrastructure()).redisUrl, prefix);
    counters.push(counter);
    const scope = uniqueName('sale');
    const salt = await counter.salt('2031-01-02');
    const tokens = ['member:7', 'visitor:1.2.3.4\nFirefox'].map((identity) => viewerToken(salt, identity));
    for (const token of tokens) await counter.view(scope, 'sale', '2031-01-02', token);

    const redis = new Redis((await infrastructure()).redisUrl);
    try {
      // This test's keys: its sale's, and its day's salt (no other test of the file uses that day).
      const keys = (await redis.keys(`${prefix}*`)).filter((key) => key.includes(scope) || key === `${prefix}salt:2031-01-02`);
      const kinds = Object.fromEntries(await Promise.all(keys.map(async (key) => [key.slice(prefix.length), await redis.type(key)])));
      expect(kinds).toEqual({ [`views:${scope}`]: 'hash', [`viewers:${scope}:2031-01-02`]: 'string', 'salt:2031-01-02': 'string' });
      // The day's viewers are a HyperLogLog (PFCOUNT reads it), whose registers hold no element.
      expect(await redis.pfcount(`${prefix}viewers:${scope}:2031-01-02`)).toBe(2);
      const stored = [
        ...keys,
        ...Object.entries(await redis.hgetall(`${prefix}views:${scope}`)).flat(),
        (await redis.getBuffer(`${prefix}viewers:${scope}:2031-01-02`))!.toString('latin1'),
      ].join('\n');
      for (const token of tokens) expect(stored).not.toContain(token);
    } finally {
      await redis.quit();
    }
  });
});

describe('viewerToken', () => {
  it('tells viewers apart under one salt, and the same viewer apart under two', () => {
    const [monday, tuesday] = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)];
    expect(viewerToken(monday, 'visitor:1.2.3.4\nFirefox')).toBe(viewerToken(monday, 'visitor:1.2.3.4\nFirefox'));
    expect(viewerToken(monday, 'visitor:1.2.3.4\nFirefox')).not.toBe(viewerToken(monday, 'visitor:1.2.3.4\nSafari'));
    expect(viewerToken(monday, 'member:7')).not.toBe(viewerToken(tuesday, 'member:7'));
    expect(viewerToken(monday, 'member:7')).not.toContain('7');
  });
});
