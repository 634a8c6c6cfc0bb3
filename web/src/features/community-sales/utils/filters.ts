import type { Category } from '@garage/contracts/constants';
import type { Entry } from '../api/community-sales';

/** What the shopper narrowed the list to: the same three filters a plan from it takes. */
export interface EntryFilters {
  categories: Category[];
  /** As typed: "3, 7, 12-20". */
  numbers: string;
  /** "Has items matching …": the scoped item search's text, when the shopper keeps it as a filter. */
  q: string;
}

export const NO_FILTERS: EntryFilters = { categories: [], numbers: '', q: '' };

/** The most numbers one range may name, so "1-99999" cannot build a huge list. */
const MAX_RANGE = 400;

/**
 * "3, 7, 12-20" → [3, 7, 12, …, 20]; null when some part is not a number or a range of them.
 * Blank is an empty list (no filter).
 */
export function parseNumbers(text: string): number[] | null {
  const numbers = new Set<number>();
  for (const part of text.split(/[\s,]+/).filter(Boolean)) {
    const range = /^(\d{1,4})(?:-(\d{1,4}))?$/.exec(part);
    if (!range) return null;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (from < 1 || to < from || to - from >= MAX_RANGE) return null;
    for (let number = from; number <= to; number++) numbers.add(number);
  }
  return [...numbers].sort((a, b) => a - b);
}

/**
 * The numbered (approved) entries the filters keep. `matchingSaleIds` is the sales the scoped
 * search found items at, for the `q` filter (undefined while it loads: nothing is dropped for it yet).
 */
export function filterEntries(entries: readonly Entry[], filters: EntryFilters, matchingSaleIds?: ReadonlySet<number>): Entry[] {
  const numbers = new Set(parseNumbers(filters.numbers) ?? []);
  return entries.filter((entry) => {
    if (entry.number === null) return false;
    if (numbers.size > 0 && !numbers.has(entry.number)) return false;
    if (filters.categories.length > 0 && !filters.categories.some((category) => entry.categories.includes(category))) return false;
    if (filters.q !== '' && matchingSaleIds && !matchingSaleIds.has(entry.sale.id)) return false;
    return true;
  });
}

/** The plan body's `filters`, as the contract takes them; null when nothing narrows the list. */
export function planFilters(filters: EntryFilters): { categories: Category[]; numbers: number[]; q: string | null } | null {
  const numbers = parseNumbers(filters.numbers) ?? [];
  const q = filters.q.trim();
  if (filters.categories.length === 0 && numbers.length === 0 && q === '') return null;
  return { categories: filters.categories, numbers, q: q || null };
}

/** The categories found on the list's sales, in the contract's order, for the filter's choices. */
export function categoriesOf(entries: readonly Entry[], order: readonly Category[]): Category[] {
  const found = new Set<string>(entries.flatMap((entry) => entry.categories));
  return order.filter((category) => found.has(category));
}
