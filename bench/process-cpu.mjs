// Processor time a child process has used (user + system), read from /proc. Unlike latency it
// barely moves when something else shares the cores, so per-request figures from it compare two
// builds fairly on a busy machine.
import { readdirSync, readFileSync } from 'node:fs';

// Linux reports these fields in clock ticks; 100 a second on every mainstream kernel build.
const TICKS_PER_SECOND = Number(process.env.CLOCK_TICKS ?? 100);

/** User + system time of `pid` so far, in milliseconds. */
export function cpuMs(pid) {
  // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * User + system time so far of every PostgreSQL process on this machine (the server and its
 * backends), in milliseconds: what the database spends, for a benchmark that is the only load.
 */
export function postgresCpuMs() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes(' (postgres) ')) total += cpuMs(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** This process's own user + system time so far, in milliseconds (the load generator's share). */
export const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Measures what each named process spends per request over `work()`, in microseconds. A process
 * is a child (its pid is read) or a function that answers its processor time so far in ms.
 */
export async function cpuPerRequest(processes, work) {
  const read = (what) => (typeof what === 'function' ? what() : cpuMs(what.pid));
  const before = Object.fromEntries(Object.entries(processes).map(([name, what]) => [name, read(what)]));
  const { result, requests } = await work();
  const perRequest = Object.fromEntries(
    Object.entries(processes).map(([name, what]) => [name, ((read(what) - before[name]) * 1000) / Math.max(1, requests)]),
  );
  return { result, perRequest };
}
