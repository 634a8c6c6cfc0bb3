import { Inject, Injectable } from '@nestjs/common';
import { SaleDays, type RoutePlan, type RouteStop } from '@garage/contracts';
import type { SaleRow } from '@garage/event-bus';
import { Clock } from '@garage/service-kit';
import { SalesRepository } from '../projections/sales.repository.js';
import { directionsLinks } from './directions.js';
import { dropOutOf, todayIn } from './drop-out.js';

/**
 * A plan as read on its day: each stop carries its sale's live state (what the host or shoppers
 * said that day, or `ended` past its hours, read as the sales service reads it), and each stop
 * whose sale dropped out that day (on the sale's own clock, the stop's `timeZone`) is marked
 * `droppedOut` and left out of the directions. The stored plan is not touched: its times and
 * totals stay the record of what was planned, and read on any other day it shows as it was saved.
 */
@Injectable()
export class DropOutMarks {
  constructor(
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async mark(plan: RoutePlan): Promise<RoutePlan> {
    if (plan.stops.length === 0) return plan;
    const now = this.clock.now();
    const days = new SaleDays(now);
    const sales = new Map((await this.sales.findMany(plan.stops.map((stop) => stop.saleId))).map((sale) => [sale.id, sale]));
    let dropped = 0;
    const stops = plan.stops.map((stop) => {
      const sale = sales.get(stop.saleId);
      if (!sale) return stop;
      const marked = withLiveState(stop, sale, plan.date, days);
      const dropOut = dropOutOf(sale, plan.date, stop.timeZone, now);
      if (!dropOut) return marked;
      dropped += 1;
      return { ...marked, droppedOut: dropOut.cause, droppedOutAt: dropOut.at };
    });
    if (dropped === 0) return { ...plan, stops };
    const routed = stops.filter((stop) => !stop.droppedOut);
    return {
      ...plan,
      stops,
      directions: { google: directionsLinks(plan.start, routed, 'google'), apple: directionsLinks(plan.start, routed, 'apple') },
    };
  }
}

/** The stop with its sale's live state, when it has one, on the plan's day only (on the sale's clock). */
function withLiveState(stop: RouteStop, sale: SaleRow, date: string, days: SaleDays): RouteStop {
  if (sale.deleted || todayIn(stop.timeZone, days.now) !== date) return stop;
  const fields = {
    start_date: sale.start_date,
    end_date: sale.end_date,
    start_time: sale.start_time,
    end_time: sale.end_time,
    status: sale.status,
    live_state: sale.live_state ?? null,
    live_state_at: sale.live_state_at ? new Date(sale.live_state_at) : null,
  };
  const live = days.liveState(fields, days.dayOf(fields, stop.timeZone));
  return live.live_state === null ? stop : { ...stop, liveState: live.live_state, liveStateAt: live.live_state_at };
}
