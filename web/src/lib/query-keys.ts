/**
 * Every query key of the app, a factory per resource. Each key starts with its resource, so
 * invalidating `…Keys.all` reaches every query of it. They live here, below the features, because
 * features refresh each other's data (a reservation changes items and search results, a sale's
 * edit its items, /create-item reads the host's sales) and a feature does not import another.
 */

export const saleKeys = {
  all: ['sales'] as const,
  list: (search: object) => ['sales', 'list', search] as const,
  /** The landing page's photos: upcoming sales anywhere. */
  hero: ['sales', 'list', 'hero'] as const,
  nearest: (dates: object, from: object | null) => ['sales', 'nearest', dates, from] as const,
  mine: ['sales', 'mine'] as const,
  detail: (id: string) => ['sales', 'detail', id] as const,
  /** The host's counts of one sale (what the listing did). */
  stats: (id: number) => ['sales', 'stats', id] as const,
  /** The host's scheduled markdowns of one sale. */
  markdowns: (id: number) => ['sales', 'markdowns', id] as const,
};

export const itemKeys = {
  all: ['items'] as const,
  mine: ['items', 'mine'] as const,
  detail: (id: string) => ['items', 'detail', id] as const,
  availability: (body: object) => ['items', 'availability', body] as const,
};

export const searchKeys = {
  all: ['search'] as const,
  results: (params: object) => ['search', params] as const,
};

export const reservationKeys = {
  all: ['reservations'] as const,
  mine: ['reservations', 'mine'] as const,
  sale: (saleId: number) => ['reservations', 'sale', saleId] as const,
};

export const favoriteKeys = {
  all: ['favorites'] as const,
  ids: ['favorites', 'ids'] as const,
  list: ['favorites', 'list'] as const,
};

export const alertKeys = {
  all: ['alerts'] as const,
  unreadCount: ['alerts', 'unread-count'] as const,
  recent: ['alerts', 'recent'] as const,
  list: (unreadOnly: boolean) => ['alerts', 'list', { unreadOnly }] as const,
  settings: ['alerts', 'settings'] as const,
};

export const routePlanKeys = {
  all: ['route-plans'] as const,
  list: ['route-plans', 'list'] as const,
  detail: (id: string) => ['route-plans', 'detail', id] as const,
};

export const savedSearchKeys = { all: ['saved-searches'] as const };

export const paymentKeys = { config: ['payments', 'config'] as const };

export const communitySaleKeys = {
  all: ['community-sales'] as const,
  list: (search: object) => ['community-sales', 'list', search] as const,
  detail: (id: string) => ['community-sales', 'detail', id] as const,
  entries: (id: string) => ['community-sales', 'entries', id] as const,
  /** Those a host's sale fits: the sale form's "Join a community sale nearby". */
  fitting: (saleId: number) => ['community-sales', 'fitting', saleId] as const,
  /** Whether this signed-in shopper follows it. */
  following: (id: string, userId: number | null) => ['community-sales', 'following', id, userId] as const,
  search: (id: string, q: string) => ['community-sales', 'search', id, q] as const,
};

export const messageKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
};

export const offerKeys = {
  all: ['offers'] as const,
  /** The caller's offers as a shopper, or those on their items. */
  list: (role: 'buyer' | 'host') => ['offers', 'list', role] as const,
  /** The caller's own offers on one item (the item page). */
  item: (itemId: number) => ['offers', 'item', itemId] as const,
};
