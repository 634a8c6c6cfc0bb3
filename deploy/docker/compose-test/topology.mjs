/** The compose topology as this machine runs it (deploy/docker/offline.sh), and its containers. */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const offline = path.join(root, 'deploy/docker/offline.sh');
export const BASE = 'http://127.0.0.1:8080';

// What the apps get through compose.offline.yml: every client comes from one bridge address, so the
// per-address limits are raised; alert emails are polled often. The production defaults are
// unchanged for everyone else.
export const TUNABLES = {
  REGISTRATIONS_PER_IP: '100000',
  LOGIN_FAILURES_PER_IP: '100000',
  REQUESTS_PER_MINUTE: '0',
  ALERT_EMAIL_POLL_MS: '500',
};

/** The product's services, one per folder under services/ (each a compose service of that name). */
export function serviceFolders() {
  return readdirSync(path.join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function sh(args, { timeoutMs = 10 * 60_000, env = {}, quiet = false } = {}) {
  const result = spawnSync(offline, args, {
    cwd: root,
    env: { ...process.env, ...TUNABLES, ...env },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    timeout: timeoutMs,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`offline.sh ${args.join(' ')} failed (${result.error ?? `exit ${result.status}`}) ${quiet ? result.stderr : ''}`);
  return result.stdout ?? '';
}
/**
 * As sh, without blocking this process: the load's clients keep running meanwhile, and the HTTP
 * client's idle connections are closed on time (after minutes blocked in spawnSync, its first
 * request went out on a connection nginx had long closed). Every long step uses this one.
 */
export function shAsync(args, { timeoutMs = 10 * 60_000, env = {} } = {}) {
  return run(offline, args, timeoutMs, env);
}
export function run(command, args, timeoutMs, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...TUNABLES, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}
export const docker = (...args) => {
  const result = spawnSync('/usr/bin/docker', args, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`docker ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};
/** The containers of one compose service, by id, with their bridge address. */
export function containers(service) {
  const ids = sh(['compose', 'ps', '-q', service], { quiet: true }).split('\n').filter(Boolean);
  return ids.map((id) => {
    const [name, ip] = docker('inspect', '-f', '{{.Name}} {{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', id).split(' ');
    return { id, name: name.replace(/^\//, ''), ip };
  });
}
