import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, isNotFound } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { Alert } from '@/components/ui/alert';
import { Button, LinkButton } from '@/components/ui/button';
import { CalendarIcon } from '@/components/ui/calendar-icon';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStatus } from '@/components/ui/query-status';
import { routePlanCalendarPath, useDeleteRoutePlan, useRoutePlan } from '../api/route-plans';
import type { RoutePlan } from '@garage/contracts';
import { RoutePlanResult } from './route-plan-result';
import { ReplanPanel } from './replan-panel';
import { formatTime } from '@/lib/format';
import { Map as MapIcon } from 'lucide-react';

export function planTitle(plan: { name: string | null; date: string }): string {
  return plan.name ?? `Garage sales on ${formatDate(plan.date)}`;
}

/** An unknown id (404) or one that is not an id at all (400): either way there is no such plan. */
export function isMissing(error: unknown): boolean {
  return isNotFound(error) || (error instanceof ApiError && error.status === 400);
}

export function PlanNotFound() {
  return (
    <EmptyState title="Route Plan Not Found" icon={<MapIcon />} asPageHeading>
      <title>Route Plan Not Found | Garage</title>
      <p>This route plan does not exist or has been deleted.</p>
      <p className="mt-4">
        <LinkButton to="/plans">My Route Plans</LinkButton>
      </p>
    </EmptyState>
  );
}

interface RoutePlanViewProps {
  planId: string;
  /** Fetches a calendar (ICS) file from the API and saves it under the name given; rejects when it cannot. */
  downloadCalendar: (path: string, filename: string) => Promise<void>;
}

/** /plan/:id: a saved plan with its map, stops, directions, calendar file and printable view. */
export function RoutePlanView({ planId, downloadCalendar }: RoutePlanViewProps) {
  const navigate = useNavigate();
  const planQuery = useRoutePlan(planId);
  const deletePlan = useDeleteRoutePlan();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [replanned, setReplanned] = useState<RoutePlan | null>(null);

  if (planQuery.isError && isMissing(planQuery.error)) return <PlanNotFound />;
  if (!planQuery.isSuccess)
    return <QueryStatus query={planQuery} loading="Loading route plan..." error="Failed to load the route plan" className="py-24" />;

  const plan = planQuery.data;
  const id = plan.id!;
  const title = planTitle(plan);

  const onDownload = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      await downloadCalendar(routePlanCalendarPath(id), `garage-route-plan-${id}.ics`);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-6">
      <title>{`${title} | Garage`}</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-gray-700">Your route, planned stop by stop. Times are estimates for driving by car.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {plan.stops.length > 0 && (
            <Button variant="secondary" onClick={() => void onDownload()} disabled={downloading}>
              <CalendarIcon />
              {downloading ? 'Preparing...' : 'Download calendar (.ics)'}
            </Button>
          )}
          <LinkButton to={`/plan/${id}/print`} variant="secondary">
            Printable view
          </LinkButton>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete Plan
          </Button>
        </div>
      </div>
      {downloadFailed && <Alert tone="error">Could not get the calendar file. Please try again.</Alert>}
      <ReplanPanel plan={plan} onReplanned={setReplanned} />
      {replanned ? (
        <section aria-labelledby="replanned-heading" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="replanned-heading" className="text-xl font-semibold text-gray-900">
              Re-planned from here at {formatTime(replanned.startTime)}
            </h2>
            <Button variant="secondary" size="sm" onClick={() => setReplanned(null)}>
              Show the saved plan
            </Button>
          </div>
          <RoutePlanResult plan={replanned} />
        </section>
      ) : (
        <RoutePlanResult plan={plan} />
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this route plan?"
        message="The plan and its stops are removed. The sales themselves stay as they are."
        confirmLabel="Delete Plan"
        busyLabel="Deleting..."
        busy={deletePlan.isPending}
        onConfirm={() =>
          deletePlan.mutate(id, {
            onSuccess: () => navigate('/plans'),
            onError: () => setConfirming(false),
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
