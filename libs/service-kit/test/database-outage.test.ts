import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { EventEnvelope } from '@garage/contracts';
import { waitFor } from '@garage/testing';
import { report, startLedger, user, type Ledger } from './ledger-service.js';

const OUTAGE_MS = 15_000;

/**
 * The database of a consuming service goes away for 15 s while events keep arriving and clients
 * keep writing: no event may be used up against the delivery limit and dead-lettered, every one
 * is applied exactly once after the database is back, and no request is answered with a 500.
 */
describe('a 15 s database outage under load', () => {
  let ledger: Ledger;

  beforeAll(async () => {
    ledger = await startLedger();
  });

  afterAll(async () => {
    await ledger.close();
  });

  it('loses and doubles no event, dead-letters none, answers 503 with Retry-After meanwhile and recovers by itself', async () => {
    const { service, publisher, databaseProxy } = ledger;
    const api = () => request(service.url);
    const published: EventEnvelope[] = [];
    const writes = { sent: 0, accepted: [] as string[], refused: 0, failed: 0 };
    const health: Array<{ status: number; body: any }> = [];
    let running = true;

    // Other services' events: 25 a second, before, during and after the outage.
    const publishing = (async () => {
      for (let n = 0; running; n += 1) {
        const event = {
          id: randomUUID(),
          type: 'user.updated',
          occurredAt: new Date().toISOString(),
          version: 1,
          data: user(n),
        } as EventEnvelope;
        await publisher.publish([event]);
        published.push(event);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();
    // A client writing all along: a refused write (503) is sent again after a pause, as Retry-After asks.
    const writing = (async () => {
      for (let n = 0; running; n += 1) {
        const key = `note-${n}`;
        for (let attempt = 0; running || attempt === 0; attempt += 1) {
          writes.sent += 1;
          const response = await api()
            .post('/notes')
            .send({ key })
            .timeout(10_000)
            .catch(() => null);
          if (response?.status === 201) {
            writes.accepted.push(key);
            break;
          }
          if (response?.status === 503 && response.headers['retry-after'] && typeof response.body.error === 'string') writes.refused += 1;
          else writes.failed += 1;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 3000));
    await databaseProxy.down();
    const cutAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const during = await api().get('/health');
    health.push({ status: during.status, body: during.body });
    const metrics = await api().get('/metrics');
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (Date.now() - cutAt)));
    await databaseProxy.up();
    const restoredAt = Date.now();
    // Recovery: from the database's return until every event published before it is applied.
    const backlog = published.map((event) => event.id);
    const recovered = waitFor(
      async () => {
        const [{ n }] = await service.dataSource.query(
          `SELECT count(DISTINCT message_id)::int AS n FROM applied WHERE message_id = ANY($1::uuid[])`,
          [backlog],
        );
        return n === backlog.length && (Date.now() - restoredAt) / 1000;
      },
      20_000,
      'the backlog to be applied',
    ).catch(() => NaN);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    running = false;
    await Promise.all([publishing, writing]);
    const recoverySeconds = await recovered;

    // Every event of other services, and every event of an accepted write, applied.
    const expected = published.length + writes.accepted.length;
    const applied = async () => {
      const [row] = await service.dataSource.query(
        `SELECT count(DISTINCT message_id)::int AS distinct, count(*)::int AS total FROM applied`,
      );
      return row as { distinct: number; total: number };
    };
    if (!Number.isNaN(recoverySeconds)) {
      await waitFor(async () => (await applied()).distinct >= expected, 10_000, `${expected} events applied`).catch(() => undefined);
    }
    await service.outbox.flush();
    const { distinct, total } = await applied();
    const dlq = (await service.bus.deadLetterCount?.(ledger.queue)) ?? -1;
    const publishedIds = published.map((event) => event.id);
    const [{ n: missing }] = await service.dataSource.query(
      `SELECT count(*)::int AS n FROM unnest($1::uuid[]) AS id WHERE NOT EXISTS (SELECT 1 FROM applied WHERE message_id = id)`,
      [publishedIds],
    );
    const [{ n: notesMissing }] = await service.dataSource.query(
      `SELECT count(*)::int AS n FROM unnest($1::text[]) AS k WHERE NOT EXISTS (SELECT 1 FROM notes WHERE key = k)`,
      [writes.accepted],
    );
    const after = await api().get('/health');
    report('database down 15 s under load', {
      events: published.length,
      writes: writes.sent,
      accepted: writes.accepted.length,
      'refused 503': writes.refused,
      'failed requests': writes.failed,
      lost: Math.max(0, expected - distinct) + notesMissing,
      doubled: total - distinct,
      'dead-lettered': dlq,
      'recovery s': recoverySeconds.toFixed(1),
    });

    expect(health[0]).toEqual({
      status: 503,
      body: expect.objectContaining({ failing: ['database'], checks: { database: 'down', broker: 'ok' } }),
    });
    expect(metrics.status).toBe(200); // /metrics answers without the database
    expect(writes.failed).toBe(0);
    expect(writes.refused).toBeGreaterThan(0);
    expect(missing).toBe(0);
    expect(notesMissing).toBe(0);
    expect(distinct).toBe(expected);
    expect(total).toBe(distinct);
    expect(dlq).toBe(0);
    expect(after.status).toBe(200);
  }, 60_000);
});
