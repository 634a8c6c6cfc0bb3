import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import type { SearchResult } from '@garage/contracts';

interface ScopedSearchProps {
  /** The submitted text ('' before any search). */
  submitted: string;
  onSearch: (q: string) => void;
  results: { data: SearchResult[] | undefined; isFetching: boolean; isError: boolean };
  /** Each sale's number, to say at which numbered sale an item is. */
  numberOf: ReadonlyMap<number, number>;
  /** "Only sales with these items": narrows the list (and a plan from it) to them. */
  narrowed: boolean;
  onNarrow: (narrow: boolean) => void;
}

/** How many results the panel lists before "and N more" (a phone screen's worth). */
const SHOWN = 8;

/** The item search scoped to one community sale (`communitySaleId`), which can also narrow the list. */
export function ScopedSearch({ submitted, onSearch, results, numberOf, narrowed, onNarrow }: ScopedSearchProps) {
  const [text, setText] = useState(submitted);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  const found = results.data ?? [];
  return (
    <section aria-labelledby="scoped-search-heading" className="space-y-3">
      <h2 id="scoped-search-heading" className="text-lg font-semibold text-gray-900">
        Search its items
      </h2>
      <form role="search" noValidate onSubmit={onSubmit} className="flex items-end gap-2">
        <TextField
          label="Items at this community sale"
          type="search"
          containerClassName="flex-1"
          placeholder="Try “lamp” or “bike”"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
      {submitted !== '' &&
        (results.isFetching && !results.data ? (
          <Spinner label="Searching items..." className="py-4" />
        ) : results.isError ? (
          <p className="text-sm text-red-700">The search failed. Please try again.</p>
        ) : found.length === 0 ? (
          <p className="text-sm text-gray-700">No items match “{submitted}” here.</p>
        ) : (
          <div className="space-y-2">
            <label className="flex items-center gap-2 text-sm font-medium text-gray-900">
              <input
                type="checkbox"
                checked={narrowed}
                onChange={(event) => onNarrow(event.target.checked)}
                className="h-4 w-4 accent-blue-700"
              />
              Only sales with items matching “{submitted}”
            </label>
            <ul aria-label="Matching items" className="divide-y divide-gray-200 rounded-md bg-white text-sm ring-1 ring-gray-200">
              {found.slice(0, SHOWN).map((item) => (
                <li key={item.id} className="flex items-baseline justify-between gap-2 p-2">
                  <span className="min-w-0">
                    <Link to={`/items/${item.id}`} className="font-medium text-gray-900 hover:underline">
                      {item.title}
                    </Link>
                    <span className="block text-gray-700">
                      at {numberOf.has(item.garage_sale_id ?? -1) ? `#${numberOf.get(item.garage_sale_id ?? -1)} ` : ''}
                      {item.sale_title}
                    </span>
                  </span>
                  <span className="shrink-0 font-semibold text-green-800">{formatPrice(item.price)}</span>
                </li>
              ))}
            </ul>
            {found.length > SHOWN && <p className="text-sm text-gray-700">and {found.length - SHOWN} more</p>}
          </div>
        ))}
    </section>
  );
}
