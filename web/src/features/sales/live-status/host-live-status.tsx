import type { Sale, SaidLiveState } from '@garage/contracts';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { useSetLiveStatus } from './api';
import { LIVE_STATE_LABELS } from './live-state';

const CHOICES: Array<{ state: SaidLiveState; variant: ButtonVariant }> = [
  { state: 'open', variant: 'success' },
  { state: 'winding_down', variant: 'primary' },
  { state: 'closed_early', variant: 'danger' },
];

/** The host's one-tap word on the day: open now, winding down, closed early. */
export function HostLiveStatus({ sale }: { sale: Sale }) {
  const mutation = useSetLiveStatus(sale.id);
  return (
    <div>
      <p className="text-sm text-gray-700">Tell shoppers how it is going. Each tap updates the sale at once.</p>
      <div className="mt-3 grid grid-cols-3 gap-2" role="group" aria-label="Live status">
        {CHOICES.map(({ state, variant }) => {
          const current = sale.live_state === state;
          return (
            <Button
              key={state}
              variant={current ? variant : 'secondary'}
              aria-pressed={current}
              disabled={mutation.isPending}
              onClick={() => mutation.mutate(state)}
              className={cn('min-h-11 px-2 leading-tight', current && 'ring-2 ring-offset-1 ring-gray-900')}
            >
              {LIVE_STATE_LABELS[state]}
            </Button>
          );
        })}
      </div>
      {mutation.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(mutation.error, 'Could not update the live status. Please try again.')}
        </p>
      )}
      {sale.live_state === 'likely_over' && (
        <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          Shoppers report your sale may be over. Tap how it really is.
        </p>
      )}
    </div>
  );
}
