import { Inject, Injectable } from '@nestjs/common';
import { wallClockAt, type RoutePlan, type RoutePlanReplanBody, type TokenClaims } from '@garage/contracts';
import { badRequest, Clock, notFound, timeZoneAt } from '@garage/service-kit';
import { clockTime, minuteOf } from '../time/wall-clock.js';
import { MembershipService } from '../users/membership.service.js';
import { DropOutMarks } from './drop-out-marks.js';
import { RoutePlansRepository } from './route-plans.repository.js';
import { RoutePlansService } from './route-plans.service.js';

export const NOT_TODAY = 'Only a plan for today can be re-planned';

/**
 * The rest of a saved plan's day, planned again from where the shopper is now and from now (on
 * that place's clock), by the same planner as any plan: the stops whose planned departure has not
 * passed yet, and the sales the plan could not fit (a stop that dropped out may have made room),
 * less those that dropped out that day (the planner lists them as `unplanned` with their
 * `droppedOut`), each stop with its sale's live state. Nothing is saved: the saved plan stays the record of the day as planned.
 */
@Injectable()
export class ReplanService {
  constructor(
    @Inject(RoutePlansRepository) private readonly plans: RoutePlansRepository,
    @Inject(RoutePlansService) private readonly planner: RoutePlansService,
    @Inject(MembershipService) private readonly membership: MembershipService,
    @Inject(DropOutMarks) private readonly marks: DropOutMarks,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async replan(caller: TokenClaims, id: number, here: RoutePlanReplanBody): Promise<RoutePlan> {
    const saved = await this.plans.find(caller.userId, id);
    if (!saved) throw notFound('Route plan not found');
    await this.membership.requirePremium(caller);
    const now = this.clock.now();
    const onPlanClock = wallClockAt(now, saved.timeZone);
    if (onPlanClock.date !== saved.date) throw badRequest(NOT_TODAY, [{ field: 'date', message: NOT_TODAY }]);

    const ahead = saved.stops.filter((stop) => departureMinute(stop.departure, saved.startTime) > onPlanClock.minute);
    const saleIds = [...new Set([...ahead.map((stop) => stop.saleId), ...saved.unplanned.map((entry) => entry.saleId)])];
    const numbers = new Map<number, number>();
    for (const stop of saved.stops) if (typeof stop.communitySaleNumber === 'number') numbers.set(stop.saleId, stop.communitySaleNumber);

    const startTime = clockTime(wallClockAt(now, timeZoneAt(here.latitude, here.longitude)).minute);
    const plan = await this.planner.compute(
      {
        name: saved.name,
        date: saved.date,
        startTime,
        start: { latitude: here.latitude, longitude: here.longitude },
        saleIds,
        communitySaleId: null,
        filters: null,
        minutesPerStop: saved.minutesPerStop,
      },
      { saleIds, numbers: numbers.size > 0 ? numbers : null },
    );
    // Its stops carry their sales' live state, as the saved plan read today does.
    return this.marks.mark({ ...plan, id: null, createdAt: null, replannedFrom: id });
  }
}

/** A stop's departure as a minute of the plan's day; one earlier than the start is past midnight. */
function departureMinute(departure: string, startTime: string): number {
  return minuteOf(departure) + (departure < startTime ? 1440 : 0);
}
