import type { Category } from '@garage/contracts/constants';
import { cn } from '@/lib/cn';
import { TextField } from '@/components/ui/field';
import type { EntryFilters } from '../utils/filters';

interface EntryFiltersPanelProps {
  filters: EntryFilters;
  onChange: (filters: EntryFilters) => void;
  /** The categories offered as chips. */
  categories: readonly Category[];
  numbersError?: string;
  shown: number;
  total: number;
}

/** Category chips and sale numbers: what narrows the list, the map and a plan made from them. */
export function EntryFiltersPanel({ filters, onChange, categories, numbersError, shown, total }: EntryFiltersPanelProps) {
  const toggle = (category: Category) =>
    onChange({
      ...filters,
      categories: filters.categories.includes(category)
        ? filters.categories.filter((other) => other !== category)
        : [...filters.categories, category],
    });
  const filtered = filters.categories.length > 0 || filters.numbers.trim() !== '' || filters.q !== '';
  return (
    <section aria-labelledby="filters-heading" className="space-y-3">
      <h2 id="filters-heading" className="text-lg font-semibold text-gray-900">
        Choose sales
      </h2>
      <div role="group" aria-label="Categories" className="flex flex-wrap gap-2">
        {categories.map((category) => {
          const on = filters.categories.includes(category);
          return (
            <button
              key={category}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(category)}
              className={cn(
                'rounded-full border px-3 py-1 text-sm font-medium',
                on ? 'border-blue-700 bg-blue-700 text-white' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-100',
              )}
            >
              {category}
            </button>
          );
        })}
      </div>
      <TextField
        label="Sale numbers"
        placeholder="e.g. 3, 7, 12-20"
        inputMode="numeric"
        value={filters.numbers}
        onChange={(event) => onChange({ ...filters, numbers: event.target.value })}
        error={numbersError}
        containerClassName="max-w-xs"
      />
      <p className="flex flex-wrap items-center gap-3 text-sm text-gray-800" aria-live="polite">
        <span>
          Showing {shown} of {total} {total === 1 ? 'sale' : 'sales'}
        </span>
        {filtered && (
          <button
            type="button"
            className="font-semibold text-blue-700 underline hover:text-blue-900"
            onClick={() => onChange({ categories: [], numbers: '', q: '' })}
          >
            Clear filters
          </button>
        )}
      </p>
    </section>
  );
}
