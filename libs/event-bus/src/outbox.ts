import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { EventData, EventEnvelope, EventType } from '@garage/contracts';
import type { EventBus, EventHeaders } from './event-bus.port.js';
import type { BusLogger } from './logger.js';
import { currentTraceHeaders, producerHeaders, type EventBusObserver } from './observer.js';
import { retryContention } from './transient-failure.js';

/** Records an event inside the caller's transaction; it is published after commit by the relay. */
export type Emit = <T extends EventType>(type: T, version: number, data: EventData<T>) => EventEnvelope<T>;

export interface OutboxOptions {
  /** How often the relay looks for rows left behind (a crash, a broker outage). */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Published rows are kept this long for inspection, then deleted. */
  retentionHours?: number;
  /** Headers to add to each event recorded in a transaction (default: the W3C trace context). */
  headers?: () => EventHeaders;
  observer?: EventBusObserver;
  /** How often a transaction that lost a deadlock or serialization race is run in all (default 5). */
  contentionAttempts?: number;
}

/**
 * Transactional outbox. `transaction` runs the caller's work and records its events in the same
 * database transaction; after commit the relay publishes them with publisher confirms and marks
 * them sent. A crash between commit and publish loses nothing (the relay finds the row); a crash
 * between publish and marking may publish twice, which the consumers' inbox absorbs.
 */
export class Outbox {
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private wanted = false;
  private stopped = false;
  private lastCleanup = 0;
  private readonly lockKey: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly logger: BusLogger,
    private readonly options: OutboxOptions = {},
  ) {
    const schema = String((dataSource.options as { schema?: string }).schema ?? 'public');
    this.lockKey = hash(`${schema}.outbox`);
  }

  /**
   * Runs `work` in one transaction with the events it emits. A transaction that lost a deadlock or
   * a serialization race to a concurrent one was rolled back whole, so it is run again (a few
   * times, after a short random pause): the caller never sees the race, only its outcome.
   */
  async transaction<R>(work: (manager: EntityManager, emit: Emit) => Promise<R>): Promise<R> {
    return retryContention(async () => {
      let recorded = false;
      const result = await this.dataSource.transaction(async (manager) => {
        const { emit, pending } = collector();
        const value = await work(manager, emit);
        if (pending.length > 0) {
          await recordEvents(manager, pending, (this.options.headers ?? currentTraceHeaders)());
          recorded = true;
        }
        return value;
      });
      if (recorded) this.wake();
      return result;
    }, this.options.contentionAttempts);
  }

  start(): void {
    this.stopped = false;
    const interval = this.options.pollIntervalMs ?? 1000;
    this.timer = setInterval(() => this.wake(), interval);
    this.timer.unref();
    this.wake();
  }

  /** Stops polling and waits for the batch in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.draining;
  }

  /** Asks the relay to publish now; concurrent calls coalesce into one more pass. */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.wanted = true;
      return;
    }
    this.draining = this.drain()
      .catch((error) => this.logger.warn({ err: String(error) }, 'outbox relay pass failed'))
      .finally(() => {
        this.draining = null;
        if (this.wanted && !this.stopped) {
          this.wanted = false;
          this.wake();
        }
      });
  }

  /** Publishes until no pending row is left; resolves when this pass is done (tests await it). */
  async flush(): Promise<void> {
    this.wake();
    while (this.draining) await this.draining;
  }

  /** Rows not yet confirmed by the broker. */
  async backlog(): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL`);
    return row.n;
  }

  private async drain(): Promise<void> {
    if (!this.bus.isConnected()) return;
    const batchSize = this.options.batchSize ?? 100;
    for (;;) {
      const published = await this.dataSource.transaction(async (manager) => {
        // One relay per service at a time (replicas included), so events leave in commit order: the
        // lock is tried once, in the statement that reads the batch (no rows when another relay has it).
        const rows: Array<{ seq: string; envelope: EventEnvelope; headers: EventHeaders }> = await manager.query(
          `SELECT seq, envelope, headers FROM outbox
           WHERE published_at IS NULL AND (SELECT pg_try_advisory_xact_lock($2))
           ORDER BY seq LIMIT $1`,
          [batchSize, this.lockKey],
        );
        if (rows.length === 0) return 0;
        const seqs = rows.map((row) => row.seq);
        try {
          const headersOf = new Map(rows.map((row) => [row.envelope.id, row.headers]));
          await this.bus.publish(
            rows.map((row) => row.envelope),
            (event) => producerHeaders(event, headersOf.get(event.id) ?? {}),
          );
        } catch (error) {
          await manager.query(`UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE seq = ANY($1::bigint[])`, [
            seqs,
            String(error).slice(0, 500),
          ]);
          this.logger.warn({ err: String(error), pending: rows.length }, 'outbox publish failed; will retry');
          return 0;
        }
        await manager.query(`UPDATE outbox SET published_at = now(), attempts = attempts + 1 WHERE seq = ANY($1::bigint[])`, [seqs]);
        for (const row of rows) this.options.observer?.published?.(row.envelope);
        return rows.length;
      });
      if (published < batchSize) break;
    }
    await this.cleanup();
  }

  private async cleanup(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < 60 * 60 * 1000) return;
    this.lastCleanup = now;
    const hours = this.options.retentionHours ?? 24 * 7;
    await this.dataSource.query(`DELETE FROM outbox WHERE published_at < now() - make_interval(hours => $1)`, [hours]);
  }
}

/** An `emit` that collects events, to be written with the transaction's other rows. */
export function collector(): { emit: Emit; pending: EventEnvelope[] } {
  const pending: EventEnvelope[] = [];
  const emit: Emit = (type, version, data) => {
    const event = { id: randomUUID(), type, occurredAt: new Date().toISOString(), version, data };
    pending.push(event as EventEnvelope);
    return event;
  };
  return { emit, pending };
}

/** Writes outbox rows in the caller's transaction (the relay publishes them after commit). */
export async function recordEvents(manager: EntityManager, events: EventEnvelope[], headers: EventHeaders): Promise<void> {
  await manager.query(
    `INSERT INTO outbox (id, type, envelope, headers)
     SELECT x.id::uuid, x.type, x.envelope, $2::jsonb FROM jsonb_to_recordset($1::jsonb) AS x(id text, type text, envelope jsonb)`,
    [JSON.stringify(events.map((event) => ({ id: event.id, type: event.type, envelope: event }))), JSON.stringify(headers)],
  );
}

/** A stable 32-bit key for pg advisory locks. */
export function hash(text: string): number {
  let value = 0;
  for (let i = 0; i < text.length; i += 1) value = (Math.imul(31, value) + text.charCodeAt(i)) | 0;
  return value;
}
