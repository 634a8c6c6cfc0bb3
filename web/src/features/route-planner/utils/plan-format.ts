import { zoneAbbreviation as zoneAbbreviationAt } from '@garage/contracts/time-zone';
import { formatTime } from '@/lib/format';

/**
 * Directions links hold at most 9 waypoints plus the destination (docs/api-premium.md): leg n
 * runs from where leg n-1 ended to at most 10 stops further.
 */
export const STOPS_PER_LEG = 10;

/** "12 min", "1 h", "1 h 5 min" */
export function formatMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "4.2 mi" */
export function formatMiles(miles: number): string {
  return `${miles.toFixed(1)} mi`;
}

/** The zone's short name on the plan's day ("CDT"), or the zone id when the browser has none. */
export function zoneAbbreviation(timeZone: string, date: string): string {
  try {
    return zoneAbbreviationAt(timeZone, new Date(`${date}T12:00:00Z`)) ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** "9:05 AM" for the plan's wall clock ("HH:MM"). */
export const planTime = formatTime;

/**
 * The planner's reasons come from the API with its 24-hour wall clock ("Closes at 15:00, before
 * you could get there (18:50 the next day)"); people read them in 12-hour US time.
 */
export function readableReason(reason: string): string {
  return reason.replace(/\b([01]?\d|2[0-3]):([0-5]\d)\b/g, (clock) => formatTime(clock));
}

/** Which stops a directions link covers: "Start → stop 10", "Stop 10 → stop 14". */
export function legLabel(index: number, stopCount: number): string {
  const from = index === 0 ? 'Start' : `Stop ${index * STOPS_PER_LEG}`;
  const to = Math.min((index + 1) * STOPS_PER_LEG, stopCount);
  return `${from} → stop ${to}`;
}
