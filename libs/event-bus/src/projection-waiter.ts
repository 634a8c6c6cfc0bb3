import pg from 'pg';
import type { EntityManager } from 'typeorm';
import type { AnyEvent } from '@garage/contracts';
import type { BusLogger } from './logger.js';

/**
 * Waiting for a projection to catch up. A request may name something this service only learns of
 * through an event (a sale created a moment ago, a membership just bought): it waits until the
 * inbox has applied that aggregate's event, then reads its projection again.
 *
 * The wake-up is a Postgres NOTIFY sent inside the inbox transaction, so it is delivered when (and
 * only if) the projection change commits, and it reaches every replica of the service, whichever
 * one consumed the message. Each process holds one LISTEN connection.
 */

/** The channel every service's inbox notifies on; the payload is `<schema>/<aggregate>:<id>`. */
export const PROJECTION_CHANNEL = 'garage_projection';

/** The aggregate an event is about: its type's first word and its data's id (`sale:42`). */
export function aggregateKey(event: AnyEvent): string | null {
  const id = (event.data as { id?: unknown }).id;
  if (typeof id !== 'number' && typeof id !== 'string') return null;
  return `${event.type.split('.')[0]}:${id}`;
}

/** Queues the wake-up for `event`'s aggregate; Postgres delivers it when the transaction commits. */
export async function signalProjection(manager: EntityManager, event: AnyEvent): Promise<void> {
  const key = aggregateKey(event);
  if (key) await manager.query(`SELECT pg_notify($1, current_schema() || '/' || $2)`, [PROJECTION_CHANNEL, key]);
}

export interface ProjectionWaiterOptions {
  /** The database the service's inbox writes to. */
  url: string;
  /** The service's schema: only its own inbox's notifications wake its waiters. */
  schema: string;
  /**
   * While the LISTEN connection is down, a waiter reads again this often instead (a notification
   * may be missed then); with the connection up, only a commit or the deadline wakes it.
   */
  degradedRecheckMs?: number;
}

type Wake = () => void;

export class ProjectionWaiter {
  private readonly waiters = new Map<string, Set<Wake>>();
  private client: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelayMs = 250;

  constructor(
    private readonly options: ProjectionWaiterOptions,
    private readonly logger: BusLogger,
  ) {}

  /** Opens the LISTEN connection; never throws (it keeps trying in the background instead). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.listening = false;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
    this.wakeAll();
  }

  /** True while commits wake waiters directly. */
  isListening(): boolean {
    return this.listening;
  }

  /**
   * Reads `probe` until `done` accepts its value or `timeoutMs` has passed, reading again each time
   * the inbox commits an event about `aggregate` `id`; returns the last value read. A known
   * aggregate costs one read.
   */
  async waitFor<T>(
    aggregate: string,
    id: number | string,
    probe: () => Promise<T>,
    done: (value: T) => boolean,
    timeoutMs: number,
  ): Promise<T> {
    const key = `${aggregate}:${id}`;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Registered before the read, so a commit between the read and the wait still wakes it.
      const signal = this.register(key);
      try {
        const value = await probe();
        const left = deadline - Date.now();
        if (done(value) || left <= 0) return value;
        const nap = this.listening ? left : Math.min(left, this.options.degradedRecheckMs ?? 200);
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([signal.woken, new Promise((resolve) => (timer = setTimeout(resolve, nap)))]);
        clearTimeout(timer);
      } finally {
        signal.cancel();
      }
    }
  }

  /** Wakes the waiters of one aggregate (what a notification does). */
  wake(key: string): void {
    for (const wake of this.waiters.get(key) ?? []) wake();
  }

  private register(key: string): { woken: Promise<void>; cancel: () => void } {
    let wake!: Wake;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    let set = this.waiters.get(key);
    if (!set) this.waiters.set(key, (set = new Set()));
    set.add(wake);
    return {
      woken,
      cancel: () => {
        set.delete(wake);
        if (set.size === 0 && this.waiters.get(key) === set) this.waiters.delete(key);
      },
    };
  }

  private wakeAll(): void {
    for (const set of this.waiters.values()) for (const wake of set) wake();
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.options.url, application_name: `${this.options.schema}-projection-waiter` });
    const prefix = `${this.options.schema}/`;
    client.on('notification', (message) => {
      if (message.channel === PROJECTION_CHANNEL && message.payload?.startsWith(prefix)) this.wake(message.payload.slice(prefix.length));
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${PROJECTION_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.listening = true;
    this.retryDelayMs = 250;
    // Whatever committed while nobody listened: every waiter reads once more.
    this.wakeAll();
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.stopped || (this.client !== null && this.client !== client)) return;
    if (this.client === client || this.client === null) {
      const wasListening = this.listening;
      this.client = null;
      this.listening = false;
      client.end().catch(() => undefined);
      if (wasListening)
        this.logger.warn({ err: error }, 'projection waiter lost its LISTEN connection; waiters re-read on a timer until it is back');
      this.wakeAll();
    }
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.listen();
    }, this.retryDelayMs);
    this.retryTimer.unref();
    this.retryDelayMs = Math.min(this.retryDelayMs * 2, 5000);
  }
}
