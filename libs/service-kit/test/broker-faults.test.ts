import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import amqp from 'amqplib';
import request from 'supertest';
import type { EventEnvelope } from '@garage/contracts';
import { runDlqCommand } from '@garage/event-bus';
import { waitFor } from '@garage/testing';
import { poison, report, startLedger, user, type Ledger } from './ledger-service.js';

/** One value of a Prometheus text exposition, or undefined. */
function metric(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && labels.split(',').every((label) => l.includes(label)));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

describe('broker faults, poison messages and duplicates', () => {
  let ledger: Ledger;
  const api = () => request(ledger.service.url);
  const appliedCounts = async () => {
    const [row] = await ledger.service.dataSource.query(
      `SELECT count(DISTINCT message_id)::int AS distinct, count(*)::int AS total FROM applied`,
    );
    return row as { distinct: number; total: number };
  };
  const event = (data = user(1), id = randomUUID()) =>
    ({ id, type: 'user.updated', occurredAt: new Date().toISOString(), version: 1, data }) as EventEnvelope;

  beforeAll(async () => {
    ledger = await startLedger();
  });

  afterAll(async () => {
    await ledger.close();
  });

  beforeEach(() => {
    poison.refuse = true;
  });

  it('keeps accepting writes while the broker is down, stays ready, and delivers every event once it is back', async () => {
    const before = await appliedCounts();
    await ledger.brokerProxy.down();
    await waitFor(() => !ledger.service.bus.isConnected(), 5000, 'the service to notice the outage');
    const writes = { sent: 0, accepted: 0, failed: 0 };
    const until = Date.now() + 5000;
    for (let n = 0; Date.now() < until; n += 1) {
      writes.sent += 1;
      const response = await api()
        .post('/notes')
        .send({ key: `outage-${n}` });
      if (response.status === 201) writes.accepted += 1;
      else writes.failed += 1;
    }
    const health = await api().get('/health');
    const metrics = (await api().get('/metrics')).text;
    await ledger.brokerProxy.up();
    const restoredAt = Date.now();
    const recoverySeconds = await waitFor(
      async () => (await appliedCounts()).distinct === before.distinct + writes.accepted && (Date.now() - restoredAt) / 1000,
      20_000,
      'every event of the outage applied',
    ).catch(() => NaN);
    const after = await appliedCounts();
    const healthAfter = await api().get('/health');
    const lost = before.distinct + writes.accepted - after.distinct;
    report('broker down 5 s during writes', {
      writes: writes.sent,
      accepted: writes.accepted,
      'failed requests': writes.failed,
      lost,
      doubled: after.total - after.distinct,
      'recovery s': recoverySeconds.toFixed(1),
    });
    // Readiness follows the database only; the broker's state is in the body and the metrics.
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'degraded', checks: { database: 'ok', broker: 'down' } });
    expect(metric(metrics, 'garage_broker_connected', 'service="shopper"')).toBe(0);
    expect(healthAfter.body).toEqual({ status: 'ok' });
    expect(writes.failed).toBe(0);
    expect(writes.accepted).toBeGreaterThan(10);
    expect(lost).toBe(0);
    expect(after.total).toBe(after.distinct);
  });

  it('applies once a message redelivered after the consumer lost its connection mid-handling, or published twice', async () => {
    const before = await appliedCounts();
    const events = Array.from({ length: 60 }, (_, i) => event(user(2000 + i)));
    await ledger.publisher.publish(events);
    // Cut the consumer's connection while it is applying them: what it committed but could not
    // acknowledge comes back, and the inbox must recognise it.
    await waitFor(async () => (await appliedCounts()).distinct > before.distinct + 5, 5000, 'the consumer to be busy');
    await ledger.brokerProxy.down();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await ledger.brokerProxy.up();
    // And the same message published three times (a relay that crashed before marking it sent).
    const twice = event(user(2999));
    await ledger.publisher.publish([twice, twice, twice]);
    const total = events.length + 1;
    await waitFor(async () => (await appliedCounts()).distinct === before.distinct + total, 20_000, 'every event applied').catch(
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 500)); // let any redelivery land
    const after = await appliedCounts();
    const metrics = (await api().get('/metrics')).text;
    const duplicates = metric(metrics, 'garage_events_consumed_total', 'outcome="duplicate"') ?? 0;
    report('consumer connection cut mid-handling + triple publish', {
      events: total,
      lost: before.distinct + total - after.distinct,
      doubled: after.total - after.distinct - (before.total - before.distinct),
      'duplicates absorbed': duplicates,
    });
    expect(after.distinct).toBe(before.distinct + total);
    expect(after.total).toBe(after.distinct);
    expect(duplicates).toBeGreaterThanOrEqual(2);
  });

  it('dead-letters a poison message and an unreadable one; the dlq tool lists, replays and drops them', async () => {
    const dlq = () => ledger.service.bus.deadLetterCount!(ledger.queue);
    const poisoned = event(user(3000, 'POISON'));
    const healthy = event(user(3001));
    await ledger.publisher.publish([poisoned, healthy]);
    const connection = await amqp.connect(ledger.testEnv.env.AMQP_URL!);
    const channel = await connection.createConfirmChannel();
    channel.sendToQueue(ledger.queue, Buffer.from('{not json'), { messageId: 'unreadable-1', persistent: true });
    await channel.waitForConfirms();
    await connection.close();

    const startedAt = Date.now();
    await waitFor(async () => (await dlq()) === 2, 15_000, 'both in the dead-letter queue');
    const deadLetteredSeconds = (Date.now() - startedAt) / 1000;
    const metrics = (await api().get('/metrics')).text;
    expect(metric(metrics, 'garage_dead_letter_queue_depth', 'service="shopper"')).toBe(2);
    // The healthy message behind the poison one was applied meanwhile.
    const [{ n: healthyApplied }] = await ledger.service.dataSource.query(`SELECT count(*)::int AS n FROM applied WHERE message_id = $1`, [
      healthy.id,
    ]);
    expect(healthyApplied).toBe(1);

    const env = ledger.testEnv.env;
    const dlqTool = async (...args: string[]) => {
      const lines: string[] = [];
      const code = await runDlqCommand(args, env, (line) => lines.push(line), ['shopper']);
      return { code, lines };
    };
    const listed = await dlqTool('shopper', 'list');
    expect(listed.code).toBe(0);
    expect(listed.lines.find((line) => line.startsWith(poisoned.id))).toMatch(/user\.updated {2}delivery_limit/);
    expect(listed.lines.find((line) => line.startsWith('unreadable-1'))).toMatch(/rejected/);
    expect(listed.lines.at(-1)).toBe(`2 dead-lettered in ${ledger.queue}.dlq`);
    // Listing took nothing away.
    expect(await dlq()).toBe(2);

    // The handler is fixed; the poison message is replayed and applied once, the unreadable one dropped.
    poison.refuse = false;
    expect(await dlqTool('shopper', 'replay', poisoned.id)).toEqual({ code: 0, lines: [`replayed 1 of ${ledger.queue}.dlq`] });
    await waitFor(
      async () => (await ledger.service.dataSource.query(`SELECT 1 FROM applied WHERE message_id = $1`, [poisoned.id])).length === 1,
      5000,
      'the replayed message applied',
    );
    expect(await dlqTool('shopper', 'drop', 'no-such-id')).toEqual({ code: 1, lines: [`dropped 0 of ${ledger.queue}.dlq`] });
    expect(await dlqTool('shopper', 'drop', '--all')).toEqual({ code: 0, lines: [`dropped 1 of ${ledger.queue}.dlq`] });
    expect(await dlq()).toBe(0);
    expect((await dlqTool('nowhere', 'list')).code).toBe(2);
    const after = await appliedCounts();
    report('poison message', {
      'dead-lettered': 2,
      'seconds to the dlq': deadLetteredSeconds.toFixed(1),
      replayed: 1,
      dropped: 1,
      doubled: after.total - after.distinct,
    });
    expect(after.total).toBe(after.distinct);
  });
});
