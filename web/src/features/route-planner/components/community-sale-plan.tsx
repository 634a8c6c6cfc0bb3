import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_MINUTES_PER_STOP, type CommunitySale, type CommunitySaleFilters } from '@garage/contracts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser, type LoginRedirectState } from '@/lib/auth';
import { formatDate, pluralize, todayLocal } from '@/lib/format';
import { serverFieldErrors } from '@/lib/form';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { useCreateRoutePlan, usePreviewRoutePlan, type RoutePlanRequest } from '../api/route-plans';
import { useLocate } from '../hooks/use-locate';
import { RouteIcon } from './add-to-plan-button';
import { PlanPreviewSummary } from './route-planner';

type StartMode = 'centre' | 'location' | 'zip';

interface CommunitySalePlanProps {
  communitySale: Pick<CommunitySale, 'id' | 'name' | 'days' | 'latitude' | 'longitude'>;
  /** What narrows its sales (null: all of them), as the plan body takes it. */
  filters: Pick<CommunitySaleFilters, 'categories' | 'numbers' | 'q'> | null;
  /** How many sales the list shows with those filters. */
  count: number;
}

/**
 * "Plan my route" on a community sale's page: a plan made from the community sale and the
 * filters on screen (`communitySaleId` + `filters`, not a list of ids), on one of its days. Members
 * get the saved plan (opened at /plan/:id); free members the preview with the upgrade call, as on
 * /plan; visitors are asked to sign in. The server enforces premium either way.
 */
export function CommunitySalePlan({ communitySale, filters, count }: CommunitySalePlanProps) {
  const user = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const isPremium = Boolean(user?.isPremium);
  const locate = useLocate();
  const preview = usePreviewRoutePlan();
  const create = useCreateRoutePlan();
  const today = todayLocal();
  const days = communitySale.days.filter((day) => day.date >= today);
  const [date, setDate] = useState(days[0]?.date ?? communitySale.days[0]?.date ?? today);
  const day = communitySale.days.find((candidate) => candidate.date === date);
  const [startTime, setStartTime] = useState<string | null>(null);
  const [startMode, setStartMode] = useState<StartMode>('centre');
  const [zipCode, setZipCode] = useState('');
  const [minutesPerStop, setMinutesPerStop] = useState(String(DEFAULT_MINUTES_PER_STOP));
  const [error, setError] = useState<ReactNode>(null);
  const [previewDate, setPreviewDate] = useState<string | null>(null);
  const busy = preview.isPending || create.isPending;
  const time = startTime ?? day?.startTime ?? '08:00';

  if (!user) {
    const state: LoginRedirectState = { from: location.pathname };
    return (
      <PlanFrame>
        <p className="text-sm text-gray-800">Sign in to plan the best route through its sales.</p>
        <Link to="/login" state={state} className={buttonClasses('primary', 'md', 'mt-3')}>
          Sign in to Plan
        </Link>
      </PlanFrame>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const minutes = Number(minutesPerStop);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 240)
      return setError('Minutes per stop must be a whole number from 1 to 240');
    let start: RoutePlanRequest['start'];
    if (startMode === 'zip') {
      if (!/^\d{5}$/.test(zipCode.trim())) return setError('ZIP must be 5 digits');
      start = { zipCode: zipCode.trim() };
    } else if (startMode === 'location') {
      if (!locate.position) return setError('Use your location first, or start from the centre or a ZIP code');
      start = locate.position;
    } else {
      start = { latitude: communitySale.latitude, longitude: communitySale.longitude };
    }
    const body: RoutePlanRequest = {
      name: isPremium ? communitySale.name.slice(0, 100) : null,
      date,
      startTime: time,
      start,
      communitySaleId: communitySale.id,
      filters: filters ? { categories: filters.categories, numbers: filters.numbers, q: filters.q } : null,
      saleIds: [],
      minutesPerStop: minutes,
    };
    const onError = (failure: unknown) => {
      if (failure instanceof ApiError && failure.status === 403) {
        setError(
          <>
            Planning a whole route is a Premium feature.{' '}
            <Link to="/subscribe" className="font-semibold underline">
              Upgrade to Premium
            </Link>
          </>,
        );
        return;
      }
      const fields = Object.values(serverFieldErrors(failure));
      setError(fields[0] ?? errorMessage(failure, 'Failed to plan the route. Please try again.'));
    };
    if (isPremium) {
      create.mutate(body, { onSuccess: (plan) => navigate(`/plan/${plan.id}`), onError });
    } else {
      setPreviewDate(date);
      preview.mutate(body, { onError });
    }
  };

  return (
    <PlanFrame>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-gray-800">
          A route through the {pluralize(count, 'sale')} the list shows, in the best order for their hours.
        </p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <SelectField
            label="Day"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setStartTime(null);
            }}
          >
            {communitySale.days.map((option) => (
              <option key={option.date} value={option.date}>
                {formatDate(option.date)}
              </option>
            ))}
          </SelectField>
          <TextField label="Start time" type="time" value={time} onChange={(event) => setStartTime(event.target.value)} />
          <TextField
            label="Minutes per stop"
            type="number"
            min={1}
            max={240}
            step={1}
            value={minutesPerStop}
            onChange={(event) => setMinutesPerStop(event.target.value)}
          />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-gray-800">Start from</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {(
              [
                ['centre', 'The sale’s centre'],
                ['location', 'My location'],
                ['zip', 'A ZIP code'],
              ] as const
            ).map(([mode, label]) => (
              <label key={mode} className="flex items-center gap-2 text-sm text-gray-900">
                <input
                  type="radio"
                  name="community-plan-start"
                  value={mode}
                  checked={startMode === mode}
                  onChange={() => {
                    setStartMode(mode);
                    if (mode === 'location' && !locate.position) locate.locate();
                  }}
                  className="h-4 w-4 accent-blue-700"
                />
                {label}
              </label>
            ))}
          </div>
          {startMode === 'location' && (
            <p role="status" className="mt-2 text-sm text-gray-700">
              {locate.locating ? 'Finding you...' : locate.position ? 'Starting from your location.' : (locate.error ?? '')}
            </p>
          )}
          {startMode === 'zip' && (
            <TextField
              label="ZIP code"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              value={zipCode}
              onChange={(event) => setZipCode(event.target.value)}
              containerClassName="mt-2 max-w-[10rem]"
            />
          )}
        </fieldset>
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" disabled={busy || count === 0} className="w-full sm:w-auto">
          <RouteIcon className="h-5 w-5" />
          {busy ? 'Planning...' : isPremium ? 'Plan My Route' : 'Preview My Route'}
        </Button>
        {count === 0 && <p className="text-sm text-gray-700">Choose at least one sale.</p>}
        {!isPremium && <p className="text-sm text-gray-700">Free members see a summary; Premium shows the whole route.</p>}
      </form>
      {!isPremium && preview.data && previewDate && (
        <div className="mt-4">
          <PlanPreviewSummary preview={preview.data} date={previewDate} />
        </div>
      )}
    </PlanFrame>
  );
}

function PlanFrame({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="community-plan-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id="community-plan-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold text-gray-900">
        <RouteIcon className="h-5 w-5 text-blue-700" />
        Plan My Route
      </h2>
      {children}
    </section>
  );
}
