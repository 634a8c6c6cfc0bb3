import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { LiveBroadcast, LiveUpdateEnvelope } from '@garage/contracts';
import { infrastructure, uniqueName } from '@garage/testing';
import { KEPT_UPDATES, laterId, MemoryLiveUpdates, RedisLiveUpdates, type LiveUpdates } from './live-updates.js';

const opened: LiveUpdates[] = [];
const redisPrefix = `${uniqueName('lu')}:`;

afterAll(async () => {
  for (const updates of opened) await updates.close();
  const redis = new Redis((await infrastructure()).redisUrl);
  const keys = await redis.keys(`${redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe.each([
  // One instance writes and hears itself here; publisher and subscriber apart are the last test.
  ['memory', async () => new MemoryLiveUpdates(`${uniqueName('mem')}:`) as LiveUpdates],
  ['redis', async () => new RedisLiveUpdates((await infrastructure()).redisUrl, redisPrefix) as LiveUpdates],
])('%s live updates', (_name, make) => {
  it('are heard by every subscriber and kept per member for a resume', async () => {
    const writer = await make();
    opened.push(writer);
    const readerA: LiveUpdateEnvelope[] = [];
    const readerB: LiveUpdateEnvelope[] = [];
    await writer.subscribe((envelope) => readerA.push(envelope));
    await writer.subscribe((envelope) => readerB.push(envelope));
    const first = await writer.publish(41, { kind: 'message', conversationId: 1, messageId: 2 });
    const second = await writer.publish(41, { kind: 'alerts', unreadCount: 3 });
    await writer.publish(42, { kind: 'alerts', unreadCount: 1 });
    await settle();
    expect(laterId(second, first)).toBe(true);
    expect(readerA.map((envelope) => [envelope.userId, envelope.update.kind])).toEqual([
      [41, 'message'],
      [41, 'alerts'],
      [42, 'alerts'],
    ]);
    expect(readerB).toHaveLength(3);
    expect(readerA[1]).toEqual({ userId: 41, id: second, update: { kind: 'alerts', unreadCount: 3 } });
    expect(await writer.since(41, first)).toEqual([{ userId: 41, id: second, update: { kind: 'alerts', unreadCount: 3 } }]);
    expect(await writer.since(41, 'not-an-id')).toEqual([]);
  });

  it('broadcasts to every subscriber that hears everyone, keeping nothing and no stream position', async () => {
    const writer = await make();
    opened.push(writer);
    const members: LiveUpdateEnvelope[] = [];
    const everyone: LiveBroadcast[] = [];
    await writer.subscribe(
      (envelope) => members.push(envelope),
      (broadcast) => everyone.push(broadcast),
    );
    await writer.subscribe(
      () => undefined,
      (broadcast) => everyone.push(broadcast),
    );
    const update = { kind: 'sale', saleId: 5, liveState: 'winding_down', liveStateAt: '2026-05-02T16:30:00.000Z' } as const;
    await writer.broadcast(update);
    await settle();
    expect(everyone).toEqual([
      { everyone: true, update },
      { everyone: true, update },
    ]);
    expect(members).toEqual([]);
    expect(await writer.since(5, '0-0')).toEqual([]);
  });

  it(`keeps about the last ${KEPT_UPDATES} of a member`, async () => {
    const writer = await make();
    opened.push(writer);
    const first = await writer.publish(43, { kind: 'alerts', unreadCount: 0 });
    for (let i = 1; i <= KEPT_UPDATES + 150; i += 1) await writer.publish(43, { kind: 'alerts', unreadCount: i });
    const kept = await writer.since(43, '0-0');
    expect(kept.length).toBeGreaterThanOrEqual(KEPT_UPDATES);
    expect(kept.length).toBeLessThan(KEPT_UPDATES + 150);
    expect(kept.at(-1)!.update).toEqual({ kind: 'alerts', unreadCount: KEPT_UPDATES + 150 });
    expect(kept.some((envelope) => envelope.id === first)).toBe(false);
  });
});

it('meets publisher and subscriber of one prefix in one process (standalone)', async () => {
  const prefix = `${uniqueName('mem')}:`;
  const gateway = new MemoryLiveUpdates(prefix);
  const service = new MemoryLiveUpdates(prefix);
  const elsewhere = new MemoryLiveUpdates(`${uniqueName('mem')}:`);
  opened.push(gateway, service, elsewhere);
  const heard: LiveUpdateEnvelope[] = [];
  const notHeard: LiveUpdateEnvelope[] = [];
  await gateway.subscribe((envelope) => heard.push(envelope));
  await elsewhere.subscribe((envelope) => notHeard.push(envelope));
  const id = await service.publish(7, { kind: 'alerts', unreadCount: 2 });
  await settle();
  expect(heard).toEqual([{ userId: 7, id, update: { kind: 'alerts', unreadCount: 2 } }]);
  expect(notHeard).toEqual([]);
  expect(await gateway.since(7, '0-0')).toHaveLength(1);
  // A broadcast crosses instances of the prefix the same way.
  const everyone: LiveBroadcast[] = [];
  await gateway.subscribe(
    () => undefined,
    (broadcast) => everyone.push(broadcast),
  );
  await elsewhere.subscribe(
    () => undefined,
    (broadcast) => notHeard.push({ userId: 0, id: '', update: broadcast.update }),
  );
  await service.broadcast({ kind: 'sale', saleId: 3, liveState: 'closed_early', liveStateAt: '2026-05-02T12:00:00.000Z' });
  await settle();
  expect(everyone.map((broadcast) => broadcast.update.saleId)).toEqual([3]);
  expect(notHeard).toEqual([]);
  // A closed instance stops hearing; the others go on.
  await gateway.close();
  await service.publish(7, { kind: 'alerts', unreadCount: 3 });
  await settle();
  expect(heard).toHaveLength(1);
  await service.broadcast({ kind: 'sale', saleId: 4, liveState: 'open', liveStateAt: '2026-05-02T12:00:00.000Z' });
  await settle();
  expect(everyone).toHaveLength(1);
});
