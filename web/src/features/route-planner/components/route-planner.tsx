import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DEFAULT_MINUTES_PER_STOP, ROUTE_PLAN_MAX_SALES, routePlanBodySchema, type RoutePlanPreview, type Sale } from '@garage/contracts';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDate, formatDateRange, formatTimeRange, pluralize, todayLocal } from '@/lib/format';
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/form';
import { Alert } from '@/components/ui/alert';
import { Button, LinkButton } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useCreateRoutePlan, usePreviewRoutePlan, type RoutePlanRequest } from '../api/route-plans';
import { useLocate } from '../hooks/use-locate';
import { usePlanSelection, type PlanSale } from '../hooks/use-plan-selection';
import { formatMinutes, planTime } from '../utils/plan-format';
import { suggestPlanDate } from '../utils/suggest-date';
import { AddToPlanButton, RouteIcon } from './add-to-plan-button';

type StartMode = 'location' | 'zip';

/** A sale the user saved (put a heart on), as the planner offers it: what a pick keeps, and whether it still runs. */
export type SavedSale = PlanSale & Pick<Sale, 'status'>;

function StepHeading({ id, step, children }: { id: string; step: number; children: ReactNode }) {
  return (
    <h2 id={id} className="flex items-center gap-3 text-lg font-semibold text-gray-900">
      <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white">
        {step}
      </span>
      {children}
    </h2>
  );
}

function PickedSales({
  sales,
  onRemove,
  onClear,
  error,
}: {
  sales: PlanSale[];
  onRemove: (id: number) => void;
  onClear: () => void;
  error?: string;
}) {
  if (sales.length === 0) {
    return (
      <div className={cn('rounded-md border border-dashed p-4 text-sm text-gray-700', error ? 'border-red-600' : 'border-gray-300')}>
        <p className="font-medium text-gray-900">No sales picked yet.</p>
        <p className="mt-1">
          Use <span className="font-semibold">Add to plan</span> on the{' '}
          <Link to="/sales" className="font-semibold text-blue-700 underline">
            map and list of sales
          </Link>{' '}
          or on a sale&apos;s page, or add some of your saved sales below.
        </p>
        {error && <p className="mt-2 font-medium text-red-700">{error}</p>}
      </div>
    );
  }
  return (
    <div>
      <ul aria-label="Sales in your plan" className="divide-y divide-gray-200 rounded-md ring-1 ring-gray-200">
        {sales.map((sale) => (
          <li key={sale.id} className="flex items-start justify-between gap-3 bg-white p-3">
            <div className="min-w-0 text-sm">
              <Link to={`/sales/${sale.id}`} className="font-semibold text-gray-900 hover:underline">
                {sale.title}
              </Link>
              <p className="text-gray-700">
                {sale.city}, {sale.state} · {formatDateRange(sale.start_date, sale.end_date, 'short')} ·{' '}
                {formatTimeRange(sale.start_time, sale.end_time)}
              </p>
            </div>
            <Button variant="secondary" size="sm" aria-label={`Remove ${sale.title} from the plan`} onClick={() => onRemove(sale.id)}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex items-center justify-between text-sm text-gray-700">
        <span>
          {pluralize(sales.length, 'sale')} picked (up to {ROUTE_PLAN_MAX_SALES})
        </span>
        <button type="button" onClick={onClear} className="font-semibold text-blue-700 underline hover:text-blue-900">
          Clear all
        </button>
      </div>
    </div>
  );
}

function SavedSalesPicker({ today, sales, failed }: { today: string; sales: readonly SavedSale[] | undefined; failed: boolean }) {
  const selection = usePlanSelection();
  if (failed) return <p className="text-sm text-gray-700">Your saved sales could not be loaded.</p>;
  if (!sales) return <Spinner label="Loading your saved sales..." className="py-4" />;
  const open = sales.filter((sale) => sale.status === 'active' && sale.end_date >= today && !selection.has(sale.id));
  if (open.length === 0) {
    return (
      <p className="text-sm text-gray-700">
        {sales.length === 0
          ? 'Tap the heart on a sale to save it; your upcoming saved sales show up here.'
          : 'Every upcoming sale you saved is in the plan.'}
      </p>
    );
  }
  return (
    <ul aria-label="Your saved sales" className="space-y-2">
      {open.map((sale) => (
        <li key={sale.id} className="flex items-center justify-between gap-3 text-sm">
          <span className="min-w-0">
            <span className="font-medium text-gray-900">{sale.title}</span>
            <span className="block text-gray-700">
              {sale.city}, {sale.state} · {formatDateRange(sale.start_date, sale.end_date, 'short')}
            </span>
          </span>
          <AddToPlanButton sale={sale} named />
        </li>
      ))}
    </ul>
  );
}

/** A free user's answer: how the day would go, and what Premium shows of it. */
export function PlanPreviewSummary({ preview, date }: { preview: RoutePlanPreview; date: string }) {
  const { summary } = preview;
  return (
    <section aria-labelledby="preview-heading" className="rounded-lg bg-purple-50 p-6 ring-1 ring-purple-200">
      <h2 id="preview-heading" className="text-xl font-semibold text-gray-900">
        Your Route Preview
      </h2>
      <p className="mt-1 text-gray-800">
        {summary.plannable} of {pluralize(summary.requested, 'sale')} fit on {formatDate(date)}.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <div>
          <dt className="text-sm font-medium text-gray-700">Sales that fit</dt>
          <dd className="text-2xl font-bold text-gray-900">{summary.plannable}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-gray-700">Cannot fit</dt>
          <dd className="text-2xl font-bold text-gray-900">{summary.unplannable}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-gray-700">Driving</dt>
          <dd className="text-2xl font-bold text-gray-900">{formatMinutes(summary.totalDriveMinutes)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-gray-700">Done by</dt>
          <dd className="text-2xl font-bold text-gray-900">{planTime(summary.finishAt)}</dd>
        </div>
      </dl>
      {preview.upgradeRequired && (
        <div className="mt-5 rounded-md bg-white p-4 ring-1 ring-purple-200">
          <p className="font-semibold text-gray-900">See the whole route with Premium</p>
          <p className="mt-1 text-sm text-gray-800">
            The stops in the best order with arrival and leave times on a map,
            {summary.unplannable > 0 ? ' which sales cannot fit and why,' : ''} directions for Google Maps and Apple Maps, a printable plan
            and a calendar file.
          </p>
          <LinkButton to="/subscribe" variant="premium" className="mt-3">
            Upgrade to See Your Route
          </LinkButton>
        </div>
      )}
    </section>
  );
}

interface RoutePlannerProps {
  /** The user's saved sales, offered to add to the plan; undefined while they load. */
  savedSales: readonly SavedSale[] | undefined;
  /** The saved sales could not be loaded. */
  savedSalesFailed?: boolean;
}

/**
 * /plan: pick sales (from the pick kept by "Add to plan", or from the saved sales), a start point
 * (the browser's location or a ZIP code), a day and a start time. Members get the planned route
 * (saved, then shown at /plan/:id); free users get the preview's summary and an upgrade call. The
 * server enforces premium either way.
 */
export function RoutePlanner({ savedSales, savedSalesFailed = false }: RoutePlannerProps) {
  const user = useUser();
  const isPremium = Boolean(user?.isPremium);
  const navigate = useNavigate();
  const selection = usePlanSelection();
  const locate = useLocate();
  const preview = usePreviewRoutePlan();
  const create = useCreateRoutePlan();
  const today = todayLocal();
  const startLegendId = useId();

  const [startMode, setStartMode] = useState<StartMode>('location');
  const [zipCode, setZipCode] = useState('');
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  const [startTime, setStartTime] = useState('08:00');
  const [minutesPerStop, setMinutesPerStop] = useState(String(DEFAULT_MINUTES_PER_STOP));
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<ReactNode>(null);
  const [previewDate, setPreviewDate] = useState<string | null>(null);

  // Until the shopper picks a day, it is the first one on which most of the picked sales are open.
  const date = pickedDate ?? suggestPlanDate(selection.sales, today);
  const busy = preview.isPending || create.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const local: FieldErrors = {};
    if (startMode === 'location' && !locate.position) local.start = 'Use your location first, or start from a ZIP code';
    if (startMode === 'zip' && !/^\d{5}$/.test(zipCode.trim())) local.zipCode = 'ZIP must be 5 digits';
    // The schema says so too, but only once the rest of the body parses (a refinement).
    if (selection.sales.length === 0) local.saleIds = 'Pick at least one sale';
    if (date && date < today) local.date = 'The plan date cannot be in the past';
    const minutes = Number(minutesPerStop);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 240)
      local.minutesPerStop = 'Minutes per stop must be a whole number from 1 to 240';

    const body: RoutePlanRequest = {
      name: isPremium && name.trim() ? name.trim() : null,
      date,
      startTime,
      start: startMode === 'zip' ? { zipCode: zipCode.trim() } : (locate.position ?? { latitude: Number.NaN, longitude: Number.NaN }),
      saleIds: selection.sales.map((sale) => sale.id),
      minutesPerStop: minutes,
    };
    const result = validate(routePlanBodySchema, body);
    const schemaErrors = result.ok ? {} : result.errors;
    const all: FieldErrors = { ...schemaErrors, ...local };
    if (all.start && startMode === 'location') all.start = local.start ?? all.start;
    if (startMode === 'zip') delete all.start;
    if (Object.keys(all).length > 0) {
      setErrors(all);
      return;
    }
    setErrors({});

    const onError = (error: unknown) => {
      const fields = serverFieldErrors(error);
      setErrors({ ...fields, ...(fields['start.zipCode'] ? { zipCode: fields['start.zipCode'] } : {}) });
      if (error instanceof ApiError && error.status === 403) {
        setFormError(
          <>
            Planning a whole route is a Premium feature.{' '}
            <Link to="/subscribe" className="font-semibold underline">
              Upgrade to Premium
            </Link>
          </>,
        );
      } else if (!(error instanceof ApiError && error.status === 400 && Object.keys(fields).length > 0)) {
        setFormError(errorMessage(error, 'Failed to plan the route. Please try again.'));
      }
    };
    if (isPremium) {
      create.mutate(body, { onSuccess: (plan) => navigate(`/plan/${plan.id}`), onError });
    } else {
      setPreviewDate(body.date);
      preview.mutate(body, { onError });
    }
  };

  return (
    <div className="space-y-8">
      <form noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="pick-heading" className="space-y-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
          <StepHeading id="pick-heading" step={1}>
            Pick the sales
          </StepHeading>
          <PickedSales sales={selection.sales} onRemove={selection.remove} onClear={selection.clear} error={errors.saleIds} />
          <div className="border-t border-gray-200 pt-4">
            <h3 className="mb-2 font-semibold text-gray-900">From your saved sales</h3>
            <SavedSalesPicker today={today} sales={savedSales} failed={savedSalesFailed} />
          </div>
        </section>

        <section aria-labelledby="when-heading" className="space-y-5 rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200">
          <StepHeading id="when-heading" step={2}>
            Where and when you start
          </StepHeading>
          <fieldset aria-describedby={errors.start ? `${startLegendId}-error` : undefined}>
            <legend id={startLegendId} className="mb-2 text-sm font-medium text-gray-800">
              Start from
            </legend>
            <div className="space-y-3">
              <div className="flex flex-wrap items-center gap-3">
                <label className="flex items-center gap-2 text-sm text-gray-900">
                  <input
                    type="radio"
                    name="start-mode"
                    value="location"
                    checked={startMode === 'location'}
                    onChange={() => setStartMode('location')}
                    className="h-4 w-4 accent-blue-700"
                  />
                  My location
                </label>
                {startMode === 'location' && (
                  <Button variant="secondary" size="sm" onClick={locate.locate} disabled={locate.locating}>
                    {locate.locating ? 'Finding you...' : locate.position ? 'Update my location' : 'Use my location'}
                  </Button>
                )}
              </div>
              {startMode === 'location' && locate.position && (
                <p role="status" className="text-sm text-green-800">
                  Starting from your location.
                </p>
              )}
              {startMode === 'location' && locate.error && (
                <p role="alert" className="text-sm text-red-700">
                  {locate.error}
                </p>
              )}
              <label className="flex items-center gap-2 text-sm text-gray-900">
                <input
                  type="radio"
                  name="start-mode"
                  value="zip"
                  checked={startMode === 'zip'}
                  onChange={() => setStartMode('zip')}
                  className="h-4 w-4 accent-blue-700"
                />
                A ZIP code
              </label>
              {startMode === 'zip' && (
                <TextField
                  label="ZIP code"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={5}
                  value={zipCode}
                  onChange={(event) => setZipCode(event.target.value)}
                  error={errors.zipCode}
                  containerClassName="max-w-[10rem]"
                />
              )}
            </div>
            {errors.start && (
              <p id={`${startLegendId}-error`} className="mt-2 text-sm text-red-700">
                {errors.start}
              </p>
            )}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Date"
              type="date"
              min={today}
              value={date}
              onChange={(event) => setPickedDate(event.target.value)}
              error={errors.date}
              required
            />
            <TextField
              label="Start time"
              type="time"
              value={startTime}
              onChange={(event) => setStartTime(event.target.value)}
              error={errors.startTime}
              required
            />
            <TextField
              label="Minutes per stop"
              type="number"
              min={1}
              max={240}
              step={1}
              value={minutesPerStop}
              onChange={(event) => setMinutesPerStop(event.target.value)}
              error={errors.minutesPerStop}
            />
          </div>
          {isPremium && (
            <TextField
              label="Plan name (optional)"
              maxLength={100}
              placeholder={`Garage sales on ${formatDate(date)}`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={errors.name}
            />
          )}
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="lg" disabled={busy}>
              <RouteIcon className="h-5 w-5" />
              {busy ? 'Planning...' : isPremium ? 'Plan My Route' : 'Preview My Route'}
            </Button>
            {!isPremium && <p className="text-sm text-gray-700">Free members see a summary; Premium shows the whole route.</p>}
          </div>
        </section>
      </form>

      {!isPremium && preview.data && previewDate && <PlanPreviewSummary preview={preview.data} date={previewDate} />}
    </div>
  );
}
