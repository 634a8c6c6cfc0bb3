import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  CATEGORIES,
  CONDITIONS,
  DEFAULT_RADIUS_MILES,
  PREMIUM_RADIUS_CHOICES,
  RADIUS_CHOICES,
  conditionLabel,
} from '@garage/contracts/constants';
import type { SearchResult } from '@garage/contracts';
import { useUser } from '@/lib/auth';
import { useGeolocation } from '@/hooks/use-geolocation';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/field';
import { usePhoneCollapse } from '@/components/ui/phone-collapse';
import { ShowMore } from '@/components/ui/show-more';
import { Spinner } from '@/components/ui/spinner';
import { useSearchItems, type ItemSearchParams } from '../api/search-items';
import { SearchResultCard } from './search-result-card';
import { Inbox, Search } from 'lucide-react';

interface SearchForm {
  q: string;
  category: string;
  maxPrice: string;
  condition: string;
  radius: string;
}

function formFromParams(params: URLSearchParams): SearchForm {
  return {
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    maxPrice: params.get('maxPrice') ?? '',
    condition: params.get('condition') ?? '',
    radius: params.get('radius') ?? String(DEFAULT_RADIUS_MILES),
  };
}

interface ItemSearchProps {
  /** Between the form and the results, for the search on screen (e.g. "Save this search"). */
  renderSearchActions?: (search: ItemSearchParams) => ReactNode;
  /** On each result's card, after its title and price (e.g. the item's heart). */
  renderResultActions?: (result: SearchResult) => ReactNode;
}

/** /search: the submitted search lives in the URL (shareable, Back works); results come from it. */
export function ItemSearch({ renderSearchActions, renderResultActions }: ItemSearchProps) {
  const user = useUser();
  const isPremium = Boolean(user?.isPremium);
  const radiusChoices = isPremium ? PREMIUM_RADIUS_CHOICES : RADIUS_CHOICES;
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<SearchForm>(() => formFromParams(params));
  const [maxPriceError, setMaxPriceError] = useState<string | undefined>();
  const geo = useGeolocation();
  // Back and Forward change the URL: the form follows it.
  useEffect(() => setForm(formFromParams(params)), [params]);

  const submitted = formFromParams(params);
  const radius = Number(submitted.radius);
  const search: ItemSearchParams = {
    q: submitted.q.trim(),
    category: submitted.category,
    maxPrice: submitted.maxPrice,
    condition: submitted.condition,
    radius: (radiusChoices as readonly number[]).includes(radius) ? radius : DEFAULT_RADIUS_MILES,
    ...(geo.position ?? {}),
  };
  const results = useSearchItems(search);

  const set = (field: keyof SearchForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.maxPrice !== '' && !(Number(form.maxPrice) >= 0)) {
      setMaxPriceError('Max price must be at least 0');
      return;
    }
    setMaxPriceError(undefined);
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) {
      const trimmed = value.trim();
      if (trimmed && !(key === 'radius' && trimmed === String(DEFAULT_RADIUS_MILES))) next.set(key, trimmed);
    }
    setParams(next);
  };

  // A page asked for later may repeat a result the ranking has since moved down: shown once.
  const list = [...new Map((results.data?.pages.flat() ?? []).map((result) => [result.id, result])).values()];
  const filtersPanel = usePhoneCollapse({ forceOpen: maxPriceError !== undefined });

  return (
    <div className="space-y-6">
      <form role="search" noValidate onSubmit={onSubmit} className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            label="Search for items"
            type="search"
            containerClassName="flex-1"
            placeholder="Try “lamp”, “bike” or “vintage records”"
            value={form.q}
            onChange={(event) => set('q')(event.target.value)}
          />
          <Button type="submit" size="lg" className="sm:self-end">
            Search
          </Button>
        </div>
        <div className="lg:hidden">{filtersPanel.toggle}</div>
        <div id={filtersPanel.panelId} className={filtersPanel.panelClassName('grid', 'gap-4 sm:grid-cols-2 lg:grid-cols-4')}>
          <SelectField label="Category" value={form.category} onChange={(event) => set('category')(event.target.value)}>
            <option value="">All Categories</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Max Price ($)"
            type="number"
            min={0}
            step="0.01"
            inputMode="decimal"
            value={form.maxPrice}
            onChange={(event) => set('maxPrice')(event.target.value)}
            error={maxPriceError}
          />
          <SelectField label="Condition" value={form.condition} onChange={(event) => set('condition')(event.target.value)}>
            <option value="">Any Condition</option>
            {CONDITIONS.map((condition) => (
              <option key={condition} value={condition}>
                {conditionLabel(condition)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Radius"
            value={form.radius}
            onChange={(event) => set('radius')(event.target.value)}
            hint={geo.position ? 'Around your location' : 'Applies when your location is shared'}
          >
            {radiusChoices.map((miles) => (
              <option key={miles} value={miles}>
                Within {miles} miles
              </option>
            ))}
          </SelectField>
        </div>
      </form>

      {renderSearchActions?.(search)}

      {search.q === '' ? (
        <EmptyState title="Start Searching" icon={<Search />}>
          <p>Type what you are looking for to find it at garage sales near you.</p>
        </EmptyState>
      ) : results.isPending || (results.isFetching && results.isPlaceholderData) ? (
        <Spinner label="Searching items..." className="py-16" />
      ) : list.length === 0 ? (
        <EmptyState title="No items found" icon={<Inbox />}>
          <p>Try other words, a wider radius or fewer filters.</p>
        </EmptyState>
      ) : (
        <section aria-label="Search results">
          <p className="mb-3 text-sm font-medium text-gray-800" aria-live="polite">
            {results.hasNextPage ? `${list.length}+ items found` : list.length === 1 ? '1 item found' : `${list.length} items found`}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((result) => (
              <li key={result.id}>
                <SearchResultCard result={result} actions={renderResultActions?.(result)} />
              </li>
            ))}
          </ul>
          <ShowMore pages={results} label="Show more" className="mt-6" />
        </section>
      )}
    </div>
  );
}
