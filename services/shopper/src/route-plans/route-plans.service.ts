import { Inject, Injectable } from '@nestjs/common';
import {
  addDays,
  daysBetween,
  roundMiles,
  usToday,
  wallClockAt,
  zonedTimeToUtc,
  type RoutePlan,
  type RoutePlanBody,
  type RoutePlanPreview,
  type RoutePlanSummary,
  type RouteStop,
  type TokenClaims,
  type UnplannedSale,
} from '@garage/contracts';
import { badRequest, Clock, notFound, SERVICE_CONFIG, timeZoneAt } from '@garage/service-kit';
import type { SaleRow } from '@garage/event-bus';
import { formatDate } from '../notices/sale-changes.js';
import { CommunitySaleSelection, communitySaleNumberOf, type SelectedSales } from '../community-sales/route-selection.js';
import { calendarFile } from '../calendar/ics.js';
import type { CalendarEvent } from '../calendar/calendar.types.js';
import { siteUrl, type ShopperConfig } from '../config.js';
import { SalesRepository } from '../projections/sales.repository.js';
import { clockTime, minuteOf } from '../time/wall-clock.js';
import { MembershipService } from '../users/membership.service.js';
import { directionsLinks } from './directions.js';
import { DropOutMarks } from './drop-out-marks.js';
import { DROP_OUT_WORDS, dropOutOf, saleZone } from './drop-out.js';
import { planRoute } from './planner.js';
import type { PlannedStop, Point, StopRequest, TravelModel } from './planner.types.js';
import { RoutePlansRepository } from './route-plans.repository.js';
import { plannablePlace } from './sale-place.js';
import { ZipLocator } from './zip-locator.port.js';

/** The travel model the planner drives with (great-circle by default; a routing service can replace it). */
export const TRAVEL_MODEL = Symbol('TRAVEL_MODEL');

const NOT_FOUND = 'Route plan not found';

/**
 * The route planner, a premium feature enforced here: anyone signed in may preview a plan (the
 * summary, with `upgradeRequired` for free users), only members may get the full plan and save it.
 *
 * Times: the plan runs on the wall clock of its start point's time zone (the shopper's start time
 * is read there). A sale in another zone has its hours converted to that clock for the planner,
 * so feasibility is exact across a zone line; its stop then also carries its own local times.
 */
@Injectable()
export class RoutePlansService {
  constructor(
    @Inject(RoutePlansRepository) private readonly plans: RoutePlansRepository,
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(CommunitySaleSelection) private readonly selection: CommunitySaleSelection,
    @Inject(MembershipService) private readonly membership: MembershipService,
    @Inject(ZipLocator) private readonly zips: ZipLocator,
    @Inject(TRAVEL_MODEL) private readonly travel: TravelModel,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ShopperConfig,
    @Inject(DropOutMarks) private readonly dropOuts: DropOutMarks,
  ) {}

  async preview(caller: TokenClaims, body: RoutePlanBody): Promise<RoutePlanPreview> {
    const selected = await this.selection.of(body);
    const plan = await this.compute(body, selected);
    const premium = await this.membership.isPremium(caller.userId);
    return {
      upgradeRequired: !premium,
      summary: {
        requested: selected.saleIds.length,
        plannable: plan.stops.length,
        unplannable: plan.unplanned.length,
        totalDriveMinutes: plan.totals.driveMinutes,
        finishAt: plan.totals.finishAt,
      },
      plan: premium ? plan : null,
    };
  }

  async create(caller: TokenClaims, body: RoutePlanBody): Promise<RoutePlan> {
    await this.membership.requirePremium(caller);
    const selected = await this.selection.of(body);
    const { id: _id, createdAt: _createdAt, ...plan } = await this.compute(body, selected);
    const known = (await this.sales.findMany(selected.saleIds)).map((sale) => sale.id);
    return this.plans.insert(caller.userId, plan, known);
  }

  list(userId: number): Promise<RoutePlanSummary[]> {
    return this.plans.list(userId);
  }

  /** The saved plan, its stops that dropped out today marked (see `DropOutMarks`). */
  async get(userId: number, id: number): Promise<RoutePlan> {
    return this.dropOuts.mark((await this.plans.find(userId, id)) ?? throwNotFound());
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.plans.delete(userId, id))) throwNotFound();
  }

  /** The plan's stops as calendar events, one per stop from arrival to departure. */
  async calendar(userId: number, id: number): Promise<{ filename: string; body: string }> {
    const plan = await this.get(userId, id);
    const events: CalendarEvent[] = plan.stops.map((stop) => {
      const arrival = onDay(plan.date, stop.arrival, plan.startTime);
      const departure = onDay(plan.date, stop.departure, plan.startTime);
      return {
        uid: `route-plan-${id}-sale-${stop.saleId}@garage`,
        title: `Garage sale: ${stop.title}`,
        description: `Stop ${stop.order} of ${plan.stops.length} of your route plan${plan.name ? ` "${plan.name}"` : ''}. Open ${stop.opensAt}–${stop.closesAt}.`,
        location: [stop.address, stop.city, stop.state].filter(Boolean).join(', '),
        url: `${siteUrl(this.config)}/sales/${stop.saleId}`,
        startDate: arrival,
        startTime: stop.arrival,
        endDate: departure,
        endTime: stop.departure,
        timeZone: plan.timeZone,
      };
    });
    return { filename: `garage-route-plan-${id}.ics`, body: calendarFile(events, { name: plan.name ?? 'Garage route plan' }) };
  }

  /** Runs the planner over the selected sales for the plan's day; nothing is saved (a re-plan runs it too). */
  async compute(body: RoutePlanBody, selected: SelectedSales): Promise<RoutePlan> {
    // Plans are for US days: a day is over only once it is over in every state.
    const today = usToday(this.clock.now());
    if (body.date < today)
      throw badRequest('The plan date cannot be in the past', [{ field: 'date', message: 'The plan date cannot be in the past' }]);
    const start = this.startOf(body.start);
    const timeZone = timeZoneAt(start.latitude, start.longitude);
    // A sale created a moment ago may not have reached this service yet: the sales service is asked
    // for it then. One nobody has is a 404 (a deleted one kept here is an unplannable stop instead).
    const now = this.clock.now();
    const sales = new Map((await this.sales.findManyOrAsk(selected.saleIds)).map((sale) => [sale.id, plannablePlace(sale, now)]));
    if (sales.size < new Set(selected.saleIds).size) throw notFound('Sale not found');

    const unplanned: UnplannedSale[] = [];
    const requests: StopRequest[] = [];
    const zones = new Map<number, string>();
    for (const saleId of selected.saleIds) {
      const sale = sales.get(saleId);
      const reason = sale ? closedReason(sale, body.date) : 'Sale not found';
      // A sale that dropped out of today's plans is not routed to, even before it would close.
      const dropOut = sale ? dropOutOf(sale, body.date, saleZone(sale) ?? timeZone, now) : null;
      if (reason || dropOut || !sale || sale.latitude === null || sale.longitude === null) {
        unplanned.push({
          saleId,
          title: sale && !sale.deleted ? sale.title : null,
          reason: reason ?? (dropOut ? `${DROP_OUT_WORDS[dropOut.cause]} today` : 'This sale has no place on the map'),
          ...(dropOut ? { droppedOut: dropOut.cause } : {}),
        });
        continue;
      }
      const zone = timeZoneAt(sale.latitude, sale.longitude);
      zones.set(saleId, zone);
      requests.push({
        saleId,
        title: sale.title,
        latitude: sale.latitude,
        longitude: sale.longitude,
        opensAt: planMinute(body.date, sale.start_time, zone, timeZone),
        closesAt: planMinute(body.date, sale.end_time, zone, timeZone),
      });
    }

    const result = planRoute({
      start,
      startAt: minuteOf(body.startTime),
      stops: requests,
      minutesPerStop: body.minutesPerStop,
      travel: this.travel,
    });
    const stops = result.stops.map((stop, index): RouteStop => {
      const sale = sales.get(stop.saleId)!;
      const request = requests.find((candidate) => candidate.saleId === stop.saleId)!;
      const zone = zones.get(stop.saleId)!;
      const communitySaleNumber = communitySaleNumberOf(selected, sale);
      return {
        order: index + 1,
        saleId: stop.saleId,
        title: stop.title,
        address: sale.address,
        city: sale.city,
        state: sale.state,
        latitude: stop.latitude,
        longitude: stop.longitude,
        arrival: clockTime(stop.arriveAt),
        departure: clockTime(stop.leaveAt),
        waitMinutes: Math.round(stop.waitMinutes),
        driveMinutes: Math.round(stop.driveMinutes),
        driveMiles: roundMiles(stop.driveMiles),
        opensAt: clockTime(request.opensAt),
        closesAt: clockTime(request.closesAt),
        timeZone: zone,
        ...(zone === timeZone ? {} : localTimes(body.date, stop, timeZone, zone)),
        ...(communitySaleNumber === null ? {} : { communitySaleNumber }),
      };
    });
    const startPoint: Point = { latitude: start.latitude, longitude: start.longitude };
    return {
      id: null,
      name: body.name,
      date: body.date,
      startTime: body.startTime,
      timeZone,
      start: { latitude: start.latitude, longitude: start.longitude, zipCode: start.zipCode },
      minutesPerStop: body.minutesPerStop,
      stops,
      unplanned: [...unplanned, ...result.unplanned.map((entry) => ({ saleId: entry.saleId, title: entry.title, reason: entry.reason }))],
      directions: {
        google: directionsLinks(startPoint, result.stops, 'google'),
        apple: directionsLinks(startPoint, result.stops, 'apple'),
      },
      totals: {
        stops: stops.length,
        driveMinutes: Math.round(result.totalDriveMinutes),
        driveMiles: roundMiles(result.totalDriveMiles),
        finishAt: clockTime(result.finishAt),
      },
      createdAt: null,
    };
  }

  private startOf(start: RoutePlanBody['start']): Point & { zipCode: string | null } {
    if ('zipCode' in start) {
      const point = this.zips.locate(start.zipCode);
      if (!point) throw badRequest('Unknown ZIP code', [{ field: 'start.zipCode', message: 'Unknown ZIP code' }]);
      return { ...point, zipCode: start.zipCode };
    }
    return { latitude: start.latitude, longitude: start.longitude, zipCode: null };
  }
}

/** Why a sale cannot be visited on `date`, or null when it is open that day. */
function closedReason(sale: SaleRow, date: string): string | null {
  if (sale.deleted) return 'The host deleted this sale';
  if (sale.status === 'cancelled') return 'The host cancelled this sale';
  if (sale.status === 'completed') return 'This sale has ended';
  if (date < sale.start_date || date > sale.end_date) {
    const open =
      sale.start_date === sale.end_date ? formatDate(sale.start_date) : `${formatDate(sale.start_date)} – ${formatDate(sale.end_date)}`;
    return `Not open on ${formatDate(date)} (open ${open})`;
  }
  return null;
}

/** A sale's wall-clock `time` on `date` in its zone, as a minute of the plan's day on the plan's clock. */
function planMinute(date: string, time: string, saleZone: string, planZone: string): number {
  if (saleZone === planZone) return minuteOf(time);
  const there = wallClockAt(zonedTimeToUtc(date, time, saleZone), planZone);
  return there.minute + 1440 * daysBetween(date, there.date);
}

/** The stop's arrival and departure on the sale's own clock. */
function localTimes(date: string, stop: PlannedStop, planZone: string, saleZone: string) {
  const at = (minute: number) => {
    const day = addDays(date, Math.floor(minute / 1440));
    return clockTime(wallClockAt(zonedTimeToUtc(day, clockTime(minute), planZone), saleZone).minute);
  };
  return { localArrival: at(stop.arriveAt), localDeparture: at(stop.leaveAt) };
}

/** The date of a stop time: the plan's day, or the next one when the time is earlier than the start (past midnight). */
function onDay(date: string, time: string, startTime: string): string {
  return time < startTime ? addDays(date, 1) : date;
}

function throwNotFound(): never {
  throw notFound(NOT_FOUND);
}
