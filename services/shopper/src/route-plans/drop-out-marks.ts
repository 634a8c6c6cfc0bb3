import { Inject, Injectable } from '@nestjs/common';
import type { RoutePlan } from '@garage/contracts';
import { Clock } from '@garage/service-kit';
import { SalesRepository } from '../projections/sales.repository.js';
import { directionsLinks } from './directions.js';
import { dropOutOf } from './drop-out.js';

/**
 * A saved plan as read on its day: each stop whose sale dropped out that day (on the sale's own
 * clock, the stop's `timeZone`) is marked `droppedOut` and left out of the directions. The stored
 * plan is not touched: its times and totals stay the record of what was planned, and read on any
 * other day it shows as it was saved.
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
    const sales = new Map((await this.sales.findMany(plan.stops.map((stop) => stop.saleId))).map((sale) => [sale.id, sale]));
    let dropped = 0;
    const stops = plan.stops.map((stop) => {
      const sale = sales.get(stop.saleId);
      const dropOut = sale ? dropOutOf(sale, plan.date, stop.timeZone, now) : null;
      if (!dropOut) return stop;
      dropped += 1;
      return { ...stop, droppedOut: dropOut.cause, droppedOutAt: dropOut.at };
    });
    if (dropped === 0) return plan;
    const routed = stops.filter((stop) => !stop.droppedOut);
    return {
      ...plan,
      stops,
      directions: { google: directionsLinks(plan.start, routed, 'google'), apple: directionsLinks(plan.start, routed, 'apple') },
    };
  }
}
