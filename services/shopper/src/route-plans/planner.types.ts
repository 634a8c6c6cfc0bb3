/**
 * The route planner's interface, shared by the algorithm (`planner.ts`) and the service that
 * calls it. Times are wall-clock minutes of the plan's day in the sales' own time zone.
 */

export interface Point {
  latitude: number;
  longitude: number;
}

/** A sale to visit: where, and when it is open on the plan's day (minutes after midnight). */
export interface StopRequest extends Point {
  saleId: number;
  title: string;
  /** Opening and closing minute on the plan's day, e.g. 08:00 → 480, 16:00 → 960. */
  opensAt: number;
  closesAt: number;
}

export interface PlanRequest {
  start: Point;
  /** Minute of the day the shopper leaves the start point. */
  startAt: number;
  stops: StopRequest[];
  /** Minutes spent at each sale (default 15). */
  minutesPerStop?: number;
  travel?: TravelModel;
}

export interface PlannedStop {
  saleId: number;
  title: string;
  latitude: number;
  longitude: number;
  /** Minute of arrival, minutes waited for opening, minute of leaving. */
  arriveAt: number;
  waitMinutes: number;
  leaveAt: number;
  /** Driving from the previous point. */
  driveMinutes: number;
  driveMiles: number;
}

export interface UnplannedStop {
  saleId: number;
  title: string;
  /** For a person: "Closes at 12:00, before you could get there (12:25)". */
  reason: string;
}

export interface PlanResult {
  stops: PlannedStop[];
  unplanned: UnplannedStop[];
  totalDriveMinutes: number;
  totalDriveMiles: number;
  /** Minute the last stop is left (startAt when nothing fits). */
  finishAt: number;
}

/** How long driving takes: great-circle distance × road factor at an average speed; a routing service can replace it. */
export interface TravelModel {
  miles(from: Point, to: Point): number;
  minutes(from: Point, to: Point): number;
}
