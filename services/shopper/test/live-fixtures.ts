import { addDays, wallClockAt, type SaleSnapshot } from '@garage/contracts';
import { TestClock } from '@garage/testing';
import type { ShopperHarness } from './harness.js';

/**
 * A day for the live-state tests: the service's clock is set to 10:00 in Springfield, IL (Chicago
 * time) tomorrow, within the year test members stay premium, and the sales are on that day and the
 * next, 08:00–16:00.
 */
export function springfieldMorning(): { clock: TestClock; now: Date; day: string; nextDay: string; previousDay: string } {
  const now = new Date();
  now.setUTCDate(now.getUTCDate() + 1);
  // 16:00 UTC is 10:00 in Chicago in winter and 11:00 in summer: the same date either way.
  now.setUTCHours(16, 0, 0, 0);
  const clock = new TestClock();
  clock.set(now);
  const day = wallClockAt(now, 'America/Chicago').date;
  return { clock, now, day, nextDay: addDays(day, 1), previousDay: addDays(day, -1) };
}

/** Publishes each version of a sale in full, as the sales service does (its fields kept across versions). */
export class LiveSales {
  private readonly kept = new Map<number, { host: number; fields: Partial<SaleSnapshot>; version: number }>();

  constructor(
    private readonly h: ShopperHarness,
    private readonly day: string,
    private readonly nextDay: string,
  ) {}

  async create(id: number, host: number, fields: Partial<SaleSnapshot>): Promise<void> {
    const all = { start_date: this.day, end_date: this.nextDay, start_time: '08:00', end_time: '16:00', ...fields };
    this.kept.set(id, { host, fields: all, version: 1 });
    await this.h.sale(id, host, all, 1);
  }

  /** The next version with `changes`; returns the snapshot published. */
  async update(id: number, changes: Partial<SaleSnapshot>): Promise<SaleSnapshot> {
    const sale = this.kept.get(id)!;
    sale.fields = { ...sale.fields, ...changes };
    sale.version += 1;
    return this.h.sale(id, sale.host, sale.fields, sale.version);
  }

  version(id: number): number {
    return this.kept.get(id)!.version;
  }
}
