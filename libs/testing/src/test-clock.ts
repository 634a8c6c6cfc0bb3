import { Clock } from '@garage/service-kit';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A clock tests move: it runs with real time, shifted by what the test added, so services started
 * with the same instance (`startService(…, { clock })`) agree on "now" after a jump of a year.
 */
export class TestClock extends Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  advanceDays(days: number): void {
    this.advance(days * DAY_MS);
  }

  /** Jumps to `at` (later or earlier), then keeps running. */
  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }
}
