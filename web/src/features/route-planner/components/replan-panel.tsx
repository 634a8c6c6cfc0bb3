import { useState } from 'react';
import { wallClockAt, type RoutePlan } from '@garage/contracts';
import { GEOLOCATION } from '@garage/contracts/constants';
import { ApiError } from '@/lib/api-client';
import { geolocationErrorMessage, GEOLOCATION_MESSAGES, type Coordinates } from '@/hooks/use-geolocation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useReplanRoutePlan } from '../api/route-plans';

const LOCATION_REFUSED = 'Location access denied. Allow location access for this site to re-plan from where you are.';

/** Where the browser says the shopper is, asked at the tap (a refusal rejects with the words to show). */
function locateNow(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error(GEOLOCATION_MESSAGES.unsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (result) => resolve({ latitude: result.coords.latitude, longitude: result.coords.longitude }),
      (error) => reject(new Error(error?.code === 1 ? LOCATION_REFUSED : geolocationErrorMessage(error?.code))),
      { enableHighAccuracy: GEOLOCATION.enableHighAccuracy, timeout: GEOLOCATION.timeoutMs, maximumAge: GEOLOCATION.maximumAgeMs },
    );
  });
}

/** Whether the plan is for today on its own clock: only then is there a rest of the day to re-plan. */
export function isPlanToday(plan: Pick<RoutePlan, 'date' | 'timeZone'>, now = new Date()): boolean {
  return wallClockAt(now, plan.timeZone).date === plan.date;
}

interface ReplanPanelProps {
  plan: RoutePlan;
  /** Called with the new plan of the rest of the day. */
  onReplanned: (plan: RoutePlan) => void;
}

/**
 * "Re-plan from here": asks the browser where the shopper is (only on the tap), then plans the
 * rest of today from there and from now. Shown on the plan's day only; says why when the location
 * is refused or the plan cannot be made.
 */
export function ReplanPanel({ plan, onReplanned }: ReplanPanelProps) {
  const replan = useReplanRoutePlan(plan.id!);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);

  const start = async () => {
    setLocateError(null);
    setLocating(true);
    try {
      const here = await locateNow();
      replan.mutate(here, { onSuccess: onReplanned });
    } catch (error) {
      setLocateError(error instanceof Error ? error.message : GEOLOCATION_MESSAGES.unsupported);
    } finally {
      setLocating(false);
    }
  };

  if (!isPlanToday(plan)) return null;
  const dropped = plan.stops.filter((stop) => stop.droppedOut).length;
  const busy = locating || replan.isPending;
  const failure = replan.error instanceof ApiError ? replan.error.message : replan.error ? 'Could not re-plan. Please try again.' : null;

  return (
    <section aria-label="Re-plan the rest of today" className="space-y-3 rounded-lg bg-blue-50 p-4 ring-1 ring-blue-200">
      <p className="text-sm text-blue-950">
        {dropped > 0
          ? `${dropped === 1 ? 'A stop has' : `${dropped} stops have`} dropped out of today's route. Plan the rest of the day from where you are now.`
          : 'Running late or ahead? Plan the rest of the day from where you are now.'}
      </p>
      <Button className="w-full sm:w-auto" disabled={busy} onClick={() => void start()}>
        {locating ? 'Finding you...' : replan.isPending ? 'Re-planning...' : 'Re-plan from here'}
      </Button>
      {locateError && <Alert tone="error">{locateError}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
    </section>
  );
}
