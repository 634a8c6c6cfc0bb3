import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { RoutePlan, RouteStop } from '@garage/contracts';
import { formatDate, pluralize } from '@/lib/format';
import { Spinner } from '@/components/ui/spinner';
import { LiveStateBadge } from '@/components/live-state-badge';
import { DroppedOutBadge } from './dropped-out-badge';
import { formatMiles, formatMinutes, legLabel, planTime, readableReason, zoneAbbreviation } from '../utils/plan-format';

// Leaflet loads only with a plan that has stops to show.
const RouteMap = lazy(() => import('./route-map'));

function StopTimes({ stop, zone, date }: { stop: RouteStop; zone: string; date: string }) {
  return (
    <p className="text-sm text-gray-800">
      <span className="font-semibold">Arrive {planTime(stop.arrival)}</span> ·{' '}
      <span className="font-semibold">Leave {planTime(stop.departure)}</span> <span className="text-gray-700">({zone})</span>
      {stop.localArrival && stop.localDeparture && (
        <span className="block text-gray-700">
          Local time there: {planTime(stop.localArrival)} – {planTime(stop.localDeparture)} ({zoneAbbreviation(stop.timeZone, date)})
        </span>
      )}
    </p>
  );
}

export function RoutePlanSummary({ plan }: { plan: RoutePlan }) {
  const zone = zoneAbbreviation(plan.timeZone, plan.date);
  return (
    <dl className="grid grid-cols-2 gap-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:grid-cols-5">
      <div>
        <dt className="text-sm font-medium text-gray-600">Date</dt>
        <dd className="font-semibold text-gray-900">{formatDate(plan.date)}</dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-gray-600">Leave at</dt>
        <dd className="font-semibold text-gray-900">
          {planTime(plan.startTime)} {zone}
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-gray-600">Stops</dt>
        <dd className="font-semibold text-gray-900">{plan.totals.stops}</dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-gray-600">Driving</dt>
        <dd className="font-semibold text-gray-900">
          {formatMinutes(plan.totals.driveMinutes)} · {formatMiles(plan.totals.driveMiles)}
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-gray-600">Done by</dt>
        <dd className="font-semibold text-gray-900">{planTime(plan.totals.finishAt)}</dd>
      </div>
    </dl>
  );
}

/**
 * A planned route: the stops in driving order with arrival and leave times (on the start point's
 * clock, with the local time for a stop across a zone line), the sales that could not fit and
 * why, the map, and directions links split into legs for Google Maps and Apple Maps.
 */
export function RoutePlanResult({ plan, showMap = true }: { plan: RoutePlan; showMap?: boolean }) {
  const zone = zoneAbbreviation(plan.timeZone, plan.date);
  const legs = plan.directions.google.map((google, index) => ({ google, apple: plan.directions.apple[index] }));
  return (
    <div className="space-y-8">
      <RoutePlanSummary plan={plan} />

      {showMap && plan.stops.length > 0 && (
        <Suspense fallback={<Spinner label="Loading map..." className="h-[22rem]" />}>
          <RouteMap plan={plan} />
        </Suspense>
      )}

      <section aria-labelledby="stops-heading">
        <h2 id="stops-heading" className="mb-3 text-xl font-semibold text-gray-900">
          Your Stops ({plan.stops.length})
        </h2>
        {plan.stops.length === 0 ? (
          <p className="rounded-md bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-300">
            None of the sales fit this day. Try another date or an earlier start time.
          </p>
        ) : (
          <ol aria-label="Stops in driving order" className="space-y-3">
            {plan.stops.map((stop) => (
              <li
                key={stop.saleId}
                className={`flex gap-4 rounded-lg p-4 shadow-sm ring-1 ${stop.droppedOut ? 'bg-gray-50 ring-red-200' : 'bg-white ring-gray-200'}`}
              >
                <span
                  aria-hidden="true"
                  className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-base font-bold text-white ${stop.droppedOut ? 'bg-gray-400' : 'bg-blue-700'}`}
                >
                  {stop.order}
                </span>
                <div className="min-w-0 flex-1 space-y-1">
                  <h3 className="font-semibold text-gray-900">
                    <span className="sr-only">Stop {stop.order}: </span>
                    <Link
                      to={`/sales/${stop.saleId}`}
                      className={stop.droppedOut ? 'text-gray-600 line-through hover:underline' : 'hover:underline'}
                    >
                      {stop.title}
                    </Link>
                  </h3>
                  {stop.droppedOut && (
                    <p className="text-sm text-red-800">
                      <DroppedOutBadge cause={stop.droppedOut} /> Not a stop any more: skip it today.
                    </p>
                  )}
                  {!stop.droppedOut && stop.liveState && (
                    <LiveStateBadge sale={{ live_state: stop.liveState, live_state_at: stop.liveStateAt ?? null }} />
                  )}
                  <p className="text-sm text-gray-700">
                    {/* The number on the community sale's map, list and printout. */}
                    {typeof stop.communitySaleNumber === 'number' && (
                      <span className="mr-1 font-semibold text-purple-800">No. {stop.communitySaleNumber} ·</span>
                    )}
                    {[stop.address, `${stop.city}, ${stop.state}`].filter(Boolean).join(', ')}
                  </p>
                  <StopTimes stop={stop} zone={zone} date={plan.date} />
                  <p className="text-sm text-gray-700">
                    {formatMinutes(stop.driveMinutes)} drive ({formatMiles(stop.driveMiles)}) from{' '}
                    {stop.order === 1 ? 'the start' : `stop ${stop.order - 1}`}
                    {stop.waitMinutes > 0 && ` · waits ${formatMinutes(stop.waitMinutes)} for the opening`} · open {planTime(stop.opensAt)}{' '}
                    – {planTime(stop.closesAt)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      {plan.unplanned.length > 0 && (
        <section aria-labelledby="unplanned-heading" className="rounded-lg bg-amber-50 p-5 ring-1 ring-amber-300">
          <h2 id="unplanned-heading" className="text-lg font-semibold text-amber-900">
            Could Not Fit ({pluralize(plan.unplanned.length, 'sale')})
          </h2>
          <ul className="mt-2 space-y-2">
            {plan.unplanned.map((sale) => (
              <li key={sale.saleId} className="text-sm text-gray-900">
                {sale.title ? (
                  <Link to={`/sales/${sale.saleId}`} className="font-semibold text-blue-800 hover:underline">
                    {sale.title}
                  </Link>
                ) : (
                  <span className="font-semibold">Sale #{sale.saleId}</span>
                )}
                : {readableReason(sale.reason)}
                {sale.droppedOut && (
                  <>
                    {' '}
                    <DroppedOutBadge cause={sale.droppedOut} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {legs.length > 0 && (
        <section aria-labelledby="directions-heading">
          <h2 id="directions-heading" className="text-xl font-semibold text-gray-900">
            Directions
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            {legs.length === 1
              ? 'Open the whole route in your map app.'
              : `Map apps take up to 9 stops along the way per link, so the route comes in ${legs.length} legs: open them one after another.`}
          </p>
          <ul className="mt-3 space-y-2">
            {legs.map((leg, index) => (
              <li key={leg.google} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                <span className="font-medium text-gray-900">
                  Leg {index + 1}: {legLabel(index, plan.stops.length)}
                </span>
                <a
                  href={leg.google}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Google Maps, leg ${index + 1} (opens in a new tab)`}
                  className="font-semibold text-blue-700 underline"
                >
                  Google Maps
                </a>
                {leg.apple && (
                  <a
                    href={leg.apple}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Apple Maps, leg ${index + 1} (opens in a new tab)`}
                    className="font-semibold text-blue-700 underline"
                  >
                    Apple Maps
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
