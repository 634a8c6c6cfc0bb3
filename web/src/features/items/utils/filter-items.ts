import type { Item } from '@garage/contracts';
import { itemStatus, type ItemStatus } from '@/lib/item-status';

export interface ItemFilters {
  text: string;
  category: string;
  status: 'all' | ItemStatus;
}

export const noItemFilters: ItemFilters = { text: '', category: '', status: 'all' };

/** My Items filters, all client-side: words in title or description, category, display status. */
export function filterItems(items: Item[], filters: ItemFilters): Item[] {
  const text = filters.text.trim().toLowerCase();
  return items.filter((item) => {
    if (text) {
      const haystack = `${item.title} ${item.description ?? ''}`.toLowerCase();
      if (!haystack.includes(text)) return false;
    }
    if (filters.category && item.category !== filters.category) return false;
    if (filters.status !== 'all' && itemStatus(item) !== filters.status) return false;
    return true;
  });
}

/** The category choices come from the user's own items. */
export function categoriesOf(items: Item[]): string[] {
  return [...new Set(items.map((item) => item.category))].sort((a, b) => a.localeCompare(b));
}
