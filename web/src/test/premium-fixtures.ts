import type { Alert, FavoriteItem, FavoriteSale, RoutePlan, RouteStop, SavedSearch } from '@garage/contracts';
import { aSale } from './fixtures';

/** Fixtures for the premium planning tools (favourites, alerts, saved searches, route plans). */

export function aFavoriteSale(overrides: Partial<FavoriteSale> = {}): FavoriteSale {
  return { ...aSale(), saved_at: '2030-06-01T12:00:00Z', ...overrides };
}

export function aFavoriteItem(overrides: Partial<FavoriteItem> = {}): FavoriteItem {
  return {
    id: 100,
    user_id: 7,
    title: 'Oak Dining Table',
    description: 'Solid oak, seats six.',
    category: 'Furniture',
    price: 120,
    original_price: 400,
    condition: 'like_new',
    brand: null,
    image_urls: [],
    is_reserved: false,
    is_sold: false,
    garage_sale_id: 1,
    sale_title: 'Maple Street Moving Sale',
    sale_status: 'active',
    city: 'Springfield',
    state: 'IL',
    start_date: '2030-06-14',
    end_date: '2030-06-15',
    start_time: '08:00',
    end_time: '16:00',
    saved_at: '2030-06-01T12:00:00Z',
    ...overrides,
  };
}

export function anAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 1,
    kind: 'match',
    title: 'New match for "Lamps": Brass Floor Lamp',
    message: 'Brass Floor Lamp for $25.00 at Maple Street Moving Sale in Springfield, IL',
    link: '/items/100',
    savedSearchId: 3,
    itemId: 100,
    saleId: 1,
    communitySaleId: null,
    changes: [],
    read: false,
    readAt: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

export function aSavedSearch(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: 3,
    name: 'Lamps',
    q: 'lamp',
    category: 'Home & Garden',
    maxPrice: 50,
    condition: null,
    latitude: 39.8,
    longitude: -89.6,
    radius: 25,
    frequency: 'instant',
    emailEnabled: true,
    alertCount: 2,
    lastAlertAt: '2030-06-02T12:00:00Z',
    createdAt: '2030-06-01T12:00:00Z',
    updatedAt: '2030-06-01T12:00:00Z',
    ...overrides,
  };
}

export function aStop(order: number, overrides: Partial<RouteStop> = {}): RouteStop {
  return {
    order,
    saleId: 10 + order,
    title: `Stop Sale ${order}`,
    address: `${order} Main St`,
    city: 'Springfield',
    state: 'IL',
    latitude: 39.78 + order / 100,
    longitude: -89.65,
    arrival: '08:10',
    departure: '08:25',
    waitMinutes: 0,
    driveMinutes: 10,
    driveMiles: 3.2,
    opensAt: '08:00',
    closesAt: '16:00',
    timeZone: 'America/Chicago',
    ...overrides,
  };
}

export function aRoutePlan(overrides: Partial<RoutePlan> = {}): RoutePlan {
  return {
    id: 42,
    name: 'Saturday loop',
    date: '2030-06-14',
    startTime: '08:00',
    timeZone: 'America/Chicago',
    start: { latitude: 39.78, longitude: -89.65, zipCode: '62701' },
    minutesPerStop: 15,
    stops: [
      aStop(1, { arrival: '08:10', departure: '08:25' }),
      aStop(2, { arrival: '08:40', departure: '08:55', waitMinutes: 5, driveMinutes: 15, driveMiles: 6.4 }),
    ],
    unplanned: [{ saleId: 99, title: 'Early Bird Sale', reason: 'Closes at 08:30, before you could get there (09:05)' }],
    directions: {
      google: ['https://www.google.com/maps/dir/?api=1&origin=39.78,-89.65&destination=39.8,-89.65&travelmode=driving'],
      apple: ['https://maps.apple.com/?saddr=39.78,-89.65&daddr=39.79,-89.65+to:39.8,-89.65&dirflg=d'],
    },
    totals: { stops: 2, driveMinutes: 25, driveMiles: 9.6, finishAt: '08:55' },
    createdAt: '2030-06-01T12:00:00Z',
    ...overrides,
  };
}
