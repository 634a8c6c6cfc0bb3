import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { serviceTestEnv, waitFor, type ServiceTestEnv } from '@garage/testing';
import { report } from './ledger-service.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const script = path.join(here, 'fixtures/crash-process.mjs');

/**
 * A producing service (its outbox relay) and a consuming service run as processes of their own and
 * are killed with SIGKILL in the middle of their work, then started again: every event committed
 * by the producer is applied once by the consumer.
 */
describe('SIGKILL of the relay and of the consumer', () => {
  let testEnv: ServiceTestEnv;
  let db: pg.Client;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    if (!existsSync(path.join(here, '../dist/index.js'))) throw new Error('Build first: the crash test runs the built libraries');
    testEnv = await serviceTestEnv();
    db = new pg.Client({ connectionString: testEnv.env.DATABASE_URL });
    await db.connect();
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await db.end();
    await testEnv.cleanup();
  });

  /** Starts a process and resolves once it is ready (its schema migrated, its bus connected). */
  async function start(role: 'producer' | 'consumer', env: Record<string, string> = {}): Promise<ChildProcess> {
    const child = spawn(process.execPath, [script], {
      env: { ...process.env, ...testEnv.env, ROLE: role, ...env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.on('exit', () => children.delete(child));
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    await waitFor(() => output.includes('ready'), 20_000, `the ${role} to start (${output})`);
    return child;
  }

  async function kill(child: ChildProcess): Promise<void> {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  const count = async (sql: string) => ((await db.query(sql)).rows[0] as { n: number }).n;

  it('loses and doubles nothing', async () => {
    // The consumer first, so its queue exists before anything is published.
    let consumer = await start('consumer');
    let producer = await start('producer', { PRODUCE_MS: '60000', ID_OFFSET: '0' });
    await waitFor(async () => (await count(`SELECT count(*)::int AS n FROM shopper.applied`)) > 50, 10_000, 'events flowing');
    await kill(producer); // the relay dies mid-batch: what it published but did not mark is published again
    producer = await start('producer', { PRODUCE_MS: '2500', ID_OFFSET: '1000000' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    await kill(consumer); // the consumer dies mid-handling: what it did not acknowledge comes back
    const restartedAt = Date.now();
    consumer = await start('consumer');

    const committed = () => count(`SELECT count(*)::int AS n FROM auth.outbox`);
    let recoverySeconds = NaN;
    await waitFor(
      async () => {
        const pending = await count(`SELECT count(*)::int AS n FROM auth.outbox WHERE published_at IS NULL`);
        const applied = await count(`SELECT count(DISTINCT message_id)::int AS n FROM shopper.applied`);
        if (pending > 0 || applied < (await committed())) return false;
        recoverySeconds = (Date.now() - restartedAt) / 1000;
        return true;
      },
      30_000,
      'every committed event applied',
    ).catch(() => undefined);
    const total = await committed();
    const lost = await count(
      `SELECT count(*)::int AS n FROM auth.outbox o WHERE NOT EXISTS (SELECT 1 FROM shopper.applied a WHERE a.message_id = o.id)`,
    );
    const doubled = await count(`SELECT (count(*) - count(DISTINCT message_id))::int AS n FROM shopper.applied`);
    report('SIGKILL of the relay and of the consumer', {
      events: total,
      lost,
      doubled,
      'recovery s': recoverySeconds.toFixed(1),
    });
    await Promise.all([producer, consumer].map((child) => kill(child)));
    expect(total).toBeGreaterThan(100);
    expect(lost).toBe(0);
    expect(doubled).toBe(0);
  }, 90_000);
});
