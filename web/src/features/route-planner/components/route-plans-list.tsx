import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { RoutePlanSummary } from '@garage/contracts';
import { formatTimestampDate, pluralize } from '@/lib/format';
import { Button, LinkButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStatus } from '@/components/ui/query-status';
import { useDeleteRoutePlan, useRoutePlans } from '../api/route-plans';
import { planTime } from '../utils/plan-format';
import { planTitle } from './route-plan-view';
import { Map as MapIcon } from 'lucide-react';

/** /plans: the saved route plans, newest first, to open or delete. */
export function RoutePlansList() {
  const plans = useRoutePlans();
  const deletePlan = useDeleteRoutePlan();
  const [deleting, setDeleting] = useState<RoutePlanSummary | null>(null);

  if (!plans.isSuccess)
    return <QueryStatus query={plans} loading="Loading your route plans..." error="Failed to load your route plans" className="py-16" />;
  if (plans.data.length === 0) {
    return (
      <EmptyState title="No route plans yet" icon={<MapIcon />}>
        <p>Pick a few sales and let the planner line them up for your day.</p>
        <p className="mt-4">
          <LinkButton to="/plan">Plan a Route</LinkButton>
        </p>
      </EmptyState>
    );
  }

  return (
    <>
      <ul aria-label="Your route plans" className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
        {plans.data.map((plan) => {
          const title = planTitle(plan);
          return (
            <li key={plan.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <Link to={`/plan/${plan.id}`} className="font-semibold text-gray-900 hover:underline">
                  {title}
                </Link>
                <p className="text-sm text-gray-700">
                  Leave at {planTime(plan.startTime)} · {pluralize(plan.stopCount, 'stop')}
                  {plan.unplannedCount > 0 && ` · ${plan.unplannedCount} could not fit`} · made {formatTimestampDate(plan.createdAt)}
                </p>
              </div>
              <div className="flex gap-2">
                <LinkButton to={`/plan/${plan.id}`} variant="secondary" size="sm" aria-label={`Open ${title}`}>
                  Open
                </LinkButton>
                <Button variant="danger" size="sm" aria-label={`Delete ${title}`} onClick={() => setDeleting(plan)}>
                  Delete
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this route plan?"
        message={deleting ? `“${planTitle(deleting)}” is removed. The sales themselves stay as they are.` : ''}
        confirmLabel="Delete Plan"
        busyLabel="Deleting..."
        busy={deletePlan.isPending}
        onConfirm={() => deleting && deletePlan.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
