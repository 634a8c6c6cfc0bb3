import { describe, expect, it } from 'vitest';
import { someEntries } from '@/test/community-sale-fixtures';
import { categoriesOf, filterEntries, NO_FILTERS, parseNumbers, planFilters } from './filters';

describe('community sale filters', () => {
  it('reads numbers and ranges, and refuses anything else', () => {
    expect(parseNumbers('')).toEqual([]);
    expect(parseNumbers('3, 7 12-14,3')).toEqual([3, 7, 12, 13, 14]);
    expect(parseNumbers('7-3')).toBeNull();
    expect(parseNumbers('a')).toBeNull();
    expect(parseNumbers('0')).toBeNull();
    expect(parseNumbers('1-9999')).toBeNull();
  });

  it('keeps numbered sales by category, by number and by the sales the scoped search found', () => {
    const entries = [...someEntries(), { ...someEntries()[0]!, number: null, status: 'pending' as const }];
    const numbers = (kept: ReturnType<typeof filterEntries>) => kept.map((entry) => entry.number);
    expect(numbers(filterEntries(entries, NO_FILTERS))).toEqual([1, 2, 3]);
    expect(numbers(filterEntries(entries, { ...NO_FILTERS, categories: ['Furniture'] }))).toEqual([1, 3]);
    expect(numbers(filterEntries(entries, { ...NO_FILTERS, categories: ['Furniture'], numbers: '2-3' }))).toEqual([3]);
    expect(numbers(filterEntries(entries, { ...NO_FILTERS, q: 'lamp' }, new Set([12])))).toEqual([2]);
    // While the search is on its way nothing is dropped for it.
    expect(numbers(filterEntries(entries, { ...NO_FILTERS, q: 'lamp' }, undefined))).toEqual([1, 2, 3]);
  });

  it('drops a sale with no unsold items (no categories) once a category is chosen', () => {
    const entry = { ...someEntries()[0]!, categories: [] };
    expect(filterEntries([entry], NO_FILTERS)).toHaveLength(1);
    expect(filterEntries([entry], { ...NO_FILTERS, categories: ['Books'] })).toHaveLength(0);
  });

  it("gives a plan the contract's filters, or null for all the sales", () => {
    expect(planFilters(NO_FILTERS)).toBeNull();
    expect(planFilters({ categories: ['Books'], numbers: '1, 4-5', q: ' lamp ' })).toEqual({
      categories: ['Books'],
      numbers: [1, 4, 5],
      q: 'lamp',
    });
  });

  it('offers the categories its sales have, in the list order', () => {
    expect(categoriesOf(someEntries(), ['Books', 'Toys', 'Furniture', 'Sports'])).toEqual(['Books', 'Toys', 'Furniture']);
  });
});
