import type { Item, NestedSale, Sale, SearchResult } from '@garage/contracts';

export function aSale(overrides: Partial<Sale> = {}): Sale {
  return {
    id: 1,
    user_id: 7,
    title: 'Maple Street Moving Sale',
    description: 'Furniture, books and kitchenware.',
    address: '12 Maple St',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    start_date: '2030-06-14',
    end_date: '2030-06-15',
    start_time: '08:00',
    end_time: '16:00',
    status: 'active',
    latitude: 39.8,
    longitude: -89.6,
    item_count: 2,
    first_name: 'Pat',
    last_name: 'Host',
    phone: '555-0100',
    rating: 4.5,
    ...overrides,
  };
}

export function aNestedSale(overrides: Partial<NestedSale> = {}): NestedSale {
  const { item_count: _count, distance: _distance, ...sale } = aSale();
  return { ...sale, ...overrides };
}

export function anItem(overrides: Partial<Item> = {}): Item {
  return {
    id: 100,
    user_id: 7,
    title: 'Oak Dining Table',
    description: 'Solid oak, seats six.',
    category: 'Furniture',
    price: 120,
    original_price: 400,
    condition: 'like_new',
    dimensions: '72" x 36"',
    weight: '80 lbs',
    brand: 'Ethan Allen',
    image_urls: [],
    is_reserved: false,
    is_sold: false,
    garage_sale_id: 1,
    created_at: '2030-06-01T12:00:00Z',
    sale_title: 'Maple Street Moving Sale',
    sale: aNestedSale(),
    ...overrides,
  };
}

export function aSearchResult(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    ...anItem(),
    city: 'Springfield',
    state: 'IL',
    start_date: '2030-06-14',
    sale_title: 'Maple Street Moving Sale',
    first_name: 'Pat',
    last_name: 'Host',
    ...overrides,
  };
}
