import { conditionLabel } from '@garage/contracts/constants';
import { formatPrice } from '@/lib/format';

export interface SearchCriteria {
  q: string;
  category: string | null;
  maxPrice: number | null;
  condition: string | null;
  latitude: number | null;
  longitude: number | null;
  radius: number | null;
}

/** The search in words: “lamp” · Furniture · up to $50.00 · Like New · within 25 miles of the saved place. */
export function describeSearch(search: SearchCriteria): string {
  const parts = [`“${search.q}”`];
  if (search.category) parts.push(search.category);
  if (search.maxPrice !== null) parts.push(`up to ${formatPrice(search.maxPrice)}`);
  if (search.condition) parts.push(conditionLabel(search.condition));
  parts.push(search.latitude !== null && search.radius !== null ? `within ${search.radius} miles` : 'anywhere');
  return parts.join(' · ');
}

/** The /search URL that runs a saved search again. */
export function searchHref(search: SearchCriteria): string {
  const params = new URLSearchParams({ q: search.q });
  if (search.category) params.set('category', search.category);
  if (search.maxPrice !== null) params.set('maxPrice', String(search.maxPrice));
  if (search.condition) params.set('condition', search.condition);
  if (search.radius !== null && search.radius !== 25) params.set('radius', String(search.radius));
  return `/search?${params.toString()}`;
}
