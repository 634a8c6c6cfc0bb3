import type { Logger } from './logger.js';

export interface Periodic {
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `work` now and every `intervalMs`: never two runs at once in one process (a tick that finds
 * one still going is skipped), and a failed run is logged and tried again on the next tick. Jobs
 * that several replicas run must make their own work safe to overlap (row locks, SKIP LOCKED).
 */
export function runPeriodically(name: string, intervalMs: number, work: () => Promise<unknown>, logger: Logger): Periodic {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = work()
      .catch((error: unknown) => logger.warn({ err: String(error), job: name }, `${name} failed; retrying on the next tick`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
