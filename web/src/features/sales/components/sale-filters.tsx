import { Button } from '@/components/ui/button';
import { usePhoneCollapse } from '@/components/ui/phone-collapse';
import { SelectField, TextField } from '@/components/ui/field';
import { PAYMENT_METHODS } from '@garage/contracts/constants';
import type { SaleFilters as Filters } from '../api/get-sales';
import { PAYMENT_METHOD_LABELS } from '../utils/payment-methods';
import type { FilterErrors } from '../utils/filter-window';

interface SaleFiltersProps {
  filters: Filters;
  radiusChoices: readonly number[];
  onChange: (next: Partial<Filters>) => void;
  onClear: () => void;
  isPremium: boolean;
  /** False once the browser has no location to give: sales everywhere are listed, no radius applies. */
  located?: boolean;
  errors?: FilterErrors;
}

/**
 * The date, time and radius filters. On a phone they fold behind a "Filters" button (open when a
 * filter is set or a value is wrong), so the results start above the fold; from `lg` up they show.
 */
export function SaleFilters({ filters, radiusChoices, onChange, onClear, isPremium, located = true, errors = {} }: SaleFiltersProps) {
  const active = Boolean(filters.startDate || filters.endDate || filters.startTime || filters.endTime || filters.paymentMethod);
  const { toggle, panelId, panelClassName } = usePhoneCollapse({ forceOpen: Object.keys(errors).length > 0 });
  return (
    <section aria-labelledby="sale-filters-heading" className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-gray-200 lg:p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="sale-filters-heading" className="text-base font-semibold text-gray-900">
          Filters
          {active && <span className="ml-2 text-sm font-normal text-gray-700">(on)</span>}
        </h2>
        <div className="flex items-center gap-1">
          {active && (
            <Button variant="ghost" size="sm" onClick={onClear}>
              Clear Filters
            </Button>
          )}
          {toggle}
        </div>
      </div>
      <div id={panelId} className={panelClassName('grid', 'mt-3 gap-4 sm:grid-cols-2 lg:grid-cols-6')}>
        <TextField
          label="Start Date"
          type="date"
          value={filters.startDate}
          onChange={(event) => onChange({ startDate: event.target.value })}
        />
        <TextField
          label="End Date"
          type="date"
          min={filters.startDate || undefined}
          value={filters.endDate}
          onChange={(event) => onChange({ endDate: event.target.value })}
          error={errors.endDate}
        />
        <TextField
          label="Start Time"
          type="time"
          value={filters.startTime}
          onChange={(event) => onChange({ startTime: event.target.value })}
        />
        <TextField
          label="End Time"
          type="time"
          value={filters.endTime}
          onChange={(event) => onChange({ endTime: event.target.value })}
          error={errors.endTime}
        />
        <SelectField
          label="Payment"
          value={filters.paymentMethod ?? ''}
          onChange={(event) => onChange({ paymentMethod: event.target.value })}
        >
          <option value="">Any payment</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        {located ? (
          <SelectField
            label="Radius"
            value={String(filters.radius)}
            onChange={(event) => onChange({ radius: Number(event.target.value) })}
            hint={isPremium ? 'Premium: up to 100 miles' : 'Premium members can search up to 100 miles'}
          >
            {radiusChoices.map((miles) => (
              <option key={miles} value={miles}>
                Within {miles} miles
              </option>
            ))}
          </SelectField>
        ) : (
          <SelectField label="Radius" value="anywhere" disabled hint="Share your location to see sales nearby">
            <option value="anywhere">Everywhere</option>
          </SelectField>
        )}
      </div>
    </section>
  );
}
