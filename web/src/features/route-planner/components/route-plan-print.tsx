import { Link } from 'react-router-dom';
import { formatDate, pluralize } from '@/lib/format';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRoutePlan } from '../api/route-plans';
import { formatMiles, formatMinutes, legLabel, planTime, zoneAbbreviation } from '../utils/plan-format';
import { isMissing, PlanNotFound, planTitle } from './route-plan-view';
import './route-plan-print.css';

/**
 * /plan/:id/print: the plan as one clean table to take along. Printing leaves out the site's
 * header and footer and these buttons (route-plan-print.css).
 */
export function RoutePlanPrint({ planId }: { planId: string }) {
  const planQuery = useRoutePlan(planId);
  if (planQuery.isPending) return <Spinner label="Loading route plan..." className="py-24" />;
  if (planQuery.isError) {
    if (isMissing(planQuery.error)) return <PlanNotFound />;
    return <Alert tone="error" title="Failed to load the route plan" />;
  }
  const plan = planQuery.data;
  const zone = zoneAbbreviation(plan.timeZone, plan.date);
  const title = planTitle(plan);
  const cell = 'border border-gray-400 px-2 py-1.5 text-left align-top';

  return (
    <div data-print-page className="route-plan-print space-y-5 text-gray-900">
      <title>{`${title} (print) | Garage`}</title>
      <div className="print-hidden flex flex-wrap gap-2">
        <Button onClick={() => window.print()}>Print</Button>
        <Link to={`/plan/${plan.id}`} className="inline-flex items-center px-3 text-sm font-semibold text-blue-700 underline">
          Back to the plan
        </Link>
      </div>
      <div>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-1">
          {formatDate(plan.date)} · leave at {planTime(plan.startTime)} {zone}
          {plan.start.zipCode ? ` from ZIP ${plan.start.zipCode}` : ' from your location'} · {pluralize(plan.totals.stops, 'stop')} ·{' '}
          {formatMinutes(plan.totals.driveMinutes)} driving ({formatMiles(plan.totals.driveMiles)}) · done by{' '}
          {planTime(plan.totals.finishAt)}
        </p>
      </div>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Stops in driving order</caption>
        <thead>
          <tr className="bg-gray-100">
            <th scope="col" className={cell}>
              #
            </th>
            <th scope="col" className={cell}>
              Sale
            </th>
            <th scope="col" className={cell}>
              Address
            </th>
            <th scope="col" className={cell}>
              Arrive
            </th>
            <th scope="col" className={cell}>
              Leave
            </th>
            <th scope="col" className={cell}>
              Open
            </th>
            <th scope="col" className={cell}>
              Drive
            </th>
          </tr>
        </thead>
        <tbody>
          {plan.stops.map((stop) => (
            <tr key={stop.saleId}>
              <td className={cell}>{stop.order}</td>
              <td className={cell}>{stop.title}</td>
              <td className={cell}>{[stop.address, `${stop.city}, ${stop.state}`].filter(Boolean).join(', ')}</td>
              <td className={cell}>{planTime(stop.arrival)}</td>
              <td className={cell}>{planTime(stop.departure)}</td>
              <td className={cell}>
                {planTime(stop.opensAt)} – {planTime(stop.closesAt)}
              </td>
              <td className={cell}>
                {formatMinutes(stop.driveMinutes)}, {formatMiles(stop.driveMiles)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {plan.unplanned.length > 0 && (
        <section aria-labelledby="print-unplanned">
          <h2 id="print-unplanned" className="text-lg font-semibold">
            Could not fit
          </h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {plan.unplanned.map((sale) => (
              <li key={sale.saleId}>
                {sale.title ?? `Sale #${sale.saleId}`}: {sale.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      {plan.directions.google.length > 0 && (
        <section aria-labelledby="print-directions">
          <h2 id="print-directions" className="text-lg font-semibold">
            Directions
          </h2>
          <ol className="mt-1 space-y-1 text-sm">
            {plan.directions.google.map((link, index) => (
              <li key={link} className="break-all">
                Leg {index + 1} ({legLabel(index, plan.stops.length)}): <a href={link}>{link}</a>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
