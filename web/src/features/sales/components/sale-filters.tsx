import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import type { SaleFilters as Filters } from '../api/get-sales';
import type { FilterErrors } from '../utils/filter-window';

interface SaleFiltersProps {
  filters: Filters;
  radiusChoices: readonly number[];
  onChange: (next: Partial<Filters>) => void;
  onClear: () => void;
  isPremium: boolean;
  errors?: FilterErrors;
}

export function SaleFilters({ filters, radiusChoices, onChange, onClear, isPremium, errors = {} }: SaleFiltersProps) {
  const active = Boolean(filters.startDate || filters.endDate || filters.startTime || filters.endTime);
  return (
    <section aria-labelledby="sale-filters-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <div className="mb-3 flex items-center justify-between">
        <h2 id="sale-filters-heading" className="text-base font-semibold text-gray-900">
          Filters
        </h2>
        {active && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear Filters
          </Button>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
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
      </div>
    </section>
  );
}
