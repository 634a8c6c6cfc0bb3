// Processor time a child process has used (user + system), read from /proc. Unlike latency it
// barely moves when something else shares the cores, so per-request figures from it compare two
// builds fairly on a busy machine.
import { readFileSync } from 'node:fs';

// Linux reports these fields in clock ticks; 100 a second on every mainstream kernel build.
const TICKS_PER_SECOND = Number(process.env.CLOCK_TICKS ?? 100);

/** User + system time of `pid` so far, in milliseconds. */
export function cpuMs(pid) {
  // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Measures what each named process spends per request over `work()`, in microseconds. */
export async function cpuPerRequest(processes, work) {
  const before = Object.fromEntries(Object.entries(processes).map(([name, child]) => [name, cpuMs(child.pid)]));
  const { result, requests } = await work();
  const perRequest = Object.fromEntries(
    Object.entries(processes).map(([name, child]) => [name, ((cpuMs(child.pid) - before[name]) * 1000) / Math.max(1, requests)]),
  );
  return { result, perRequest };
}
