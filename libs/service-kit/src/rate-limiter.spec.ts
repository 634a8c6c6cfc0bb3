import { afterAll, describe, expect, it } from '@jest/globals';
import { infrastructure, uniqueName } from '@garage/testing';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limiter.js';

let now = 1_000_000;
const memory = new MemoryRateLimiter(() => now);
let redis: RedisRateLimiter;

afterAll(async () => {
  await redis?.close();
});

describe.each([
  ['memory', async () => memory as RateLimiter],
  ['redis', async () => (redis ??= new RedisRateLimiter((await infrastructure()).redisUrl, `${uniqueName('rl')}:`)) as RateLimiter],
])('%s rate limiter', (_name, make) => {
  it('counts hits in a window and says how long to wait', async () => {
    const limiter = await make();
    const key = uniqueName('k');
    expect((await limiter.hit(key, 2, 60)).allowed).toBe(true);
    expect((await limiter.hit(key, 2, 60)).allowed).toBe(true);
    const third = await limiter.hit(key, 2, 60);
    expect(third.allowed).toBe(false);
    expect(third.retryAfter).toBeGreaterThan(0);
    expect(third.retryAfter).toBeLessThanOrEqual(60);
    expect((await limiter.peek(key, 2, 60)).count).toBe(3);
    await limiter.reset(key);
    expect((await limiter.peek(key, 2, 60)).count).toBe(0);
  });

  it('gives distinct counts to concurrent hits, and refunds without going below zero', async () => {
    const limiter = await make();
    const key = uniqueName('c');
    const results = await Promise.all(Array.from({ length: 30 }, () => limiter.hit(key, 10, 60)));
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
    await limiter.refund(key);
    expect((await limiter.peek(key, 10, 60)).count).toBe(29);
    const unused = uniqueName('u');
    await limiter.refund(unused);
    expect((await limiter.peek(unused, 10, 60)).count).toBe(0);
    expect((await limiter.hit(unused, 10, 60)).count).toBe(1);
  });

  it('adds several hits at once', async () => {
    const limiter = await make();
    const key = uniqueName('t');
    expect(await limiter.hit(key, 5, 60, 3)).toMatchObject({ allowed: true, count: 3 });
    expect(await limiter.hit(key, 5, 60, 3)).toMatchObject({ allowed: false, count: 6 });
    expect((await limiter.hit(key, 5, 60)).count).toBe(7);
  });
});

describe('memory windows', () => {
  it('start again once the window has passed', async () => {
    await memory.hit('w', 1, 10);
    expect((await memory.hit('w', 1, 10)).allowed).toBe(false);
    now += 10_001;
    expect((await memory.hit('w', 1, 10)).allowed).toBe(true);
  });
});
