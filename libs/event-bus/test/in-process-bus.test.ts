import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@garage/contracts';
import { silentLogger } from '@garage/testing';
import { InProcessBus } from '../src/index.js';

const event = (firstName: string) =>
  ({
    id: randomUUID(),
    type: 'user.updated',
    occurredAt: new Date().toISOString(),
    version: 1,
    data: { id: 1, firstName, lastName: 'Lovelace', phone: null, rating: 0, ratingCount: 0, premiumExpiresAt: null },
  }) as EventEnvelope;

const databaseDown = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('the in-process bus', () => {
  it('waits out a database outage without counting it against the event, then delivers it', async () => {
    const bus = new InProcessBus(silentLogger(), { maxAttempts: 2, retryDelayMs: 1 });
    let databaseUp = false;
    let readyChecks = 0;
    const applied: string[] = [];
    await bus.subscribe({
      queue: 'q',
      patterns: ['user.*'],
      handle: async (e) => {
        if (!databaseUp) throw databaseDown();
        applied.push(e.id);
      },
      ready: async () => {
        readyChecks += 1;
        if (readyChecks >= 4) databaseUp = true;
        if (!databaseUp) throw databaseDown();
      },
    });
    const sent = event('Ada');
    await bus.publish([sent]);
    expect(applied).toEqual([sent.id]);
    expect(bus.deadLetters).toEqual([]);
    expect(readyChecks).toBe(4);
    expect(await bus.deadLetterCount('q')).toBe(0);
  });

  it('dead-letters an event its handler refuses after the attempts allowed', async () => {
    const bus = new InProcessBus(silentLogger(), { maxAttempts: 3, retryDelayMs: 1 });
    let attempts = 0;
    await bus.subscribe({
      queue: 'q',
      patterns: ['user.*'],
      handle: async () => {
        attempts += 1;
        throw new Error('refused for its content');
      },
    });
    await bus.publish([event('POISON')]);
    expect(attempts).toBe(3);
    expect(await bus.deadLetterCount('q')).toBe(1);
  });
});
