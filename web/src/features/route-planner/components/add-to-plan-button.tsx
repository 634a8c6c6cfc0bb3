import { ROUTE_PLAN_MAX_SALES } from '@garage/contracts/constants';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { usePlanSelection, type PlanSale } from '../hooks/use-plan-selection';

export function RouteIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="6" cy="19" r="2" />
      <circle cx="18" cy="5" r="2" />
      <path d="M8 19h8.5a3.5 3.5 0 0 0 0-7h-9a3.5 3.5 0 0 1 0-7H16" />
    </svg>
  );
}

/**
 * "Add to plan": puts a sale in the route planner's pick (kept in local storage) or takes it out
 * again (a toggle, aria-pressed). Signed-in users only, like the planner itself.
 */
export function AddToPlanButton({ sale, className, named = false }: { sale: PlanSale; className?: string; named?: boolean }) {
  const user = useUser();
  const selection = usePlanSelection();
  if (!user) return null;
  const inPlan = selection.has(sale.id);
  const blocked = !inPlan && selection.full;
  const text = inPlan ? 'In your plan' : 'Add to plan';
  return (
    <button
      type="button"
      aria-pressed={inPlan}
      // Cards name their sale; the visible words lead the name.
      aria-label={named ? `${text}: ${sale.title}` : undefined}
      title={blocked ? `A plan holds at most ${ROUTE_PLAN_MAX_SALES} sales` : undefined}
      disabled={blocked}
      onClick={() => (inPlan ? selection.remove(sale.id) : selection.add(sale))}
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-md border px-3 py-1.5 text-sm font-semibold transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:cursor-not-allowed disabled:opacity-60',
        inPlan ? 'border-blue-300 bg-blue-50 text-blue-800 hover:bg-blue-100' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-100',
        className,
      )}
    >
      <RouteIcon />
      {text}
    </button>
  );
}
