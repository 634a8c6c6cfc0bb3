import type { GatewayConfig } from './config.js';

export type ServiceName = 'auth' | 'sales' | 'items' | 'media' | 'payments' | 'shopper' | 'notifications';

/**
 * Which service owns each API path: the first matching prefix wins. From a URL, this table names
 * the service; that service's controller with the same path handles it.
 */
export const ROUTES: Array<{ prefix: string | RegExp; service: ServiceName }> = [
  { prefix: '/api/auth/', service: 'auth' },
  { prefix: '/api/users/', service: 'auth' },
  { prefix: '/api/upload/', service: 'media' },
  { prefix: '/api/images/', service: 'media' },
  { prefix: '/api/payments/', service: 'payments' },
  { prefix: '/api/items', service: 'items' },
  { prefix: '/api/reservations', service: 'items' },
  { prefix: '/api/payouts/', service: 'items' },
  { prefix: '/api/sales/assign-items', service: 'items' },
  // A pattern, not a prefix: one path under /api/sales belongs to shopper (the sale's calendar file).
  { prefix: /^\/api\/sales\/[^/]+\/calendar\.ics$/, service: 'shopper' },
  { prefix: '/api/favorites', service: 'shopper' },
  // The one-click link of every email: notifications stops the emails (and tells shopper).
  { prefix: '/api/saved-searches/unsubscribe', service: 'notifications' },
  { prefix: '/api/saved-searches', service: 'shopper' },
  { prefix: '/api/alerts', service: 'notifications' },
  { prefix: '/api/route-plans', service: 'shopper' },
  { prefix: '/api/dev/mail', service: 'notifications' },
  { prefix: '/api/sales', service: 'sales' },
];

export function serviceUrls(config: GatewayConfig): Record<ServiceName, string> {
  return {
    auth: config.AUTH_URL,
    sales: config.SALES_URL,
    items: config.ITEMS_URL,
    media: config.MEDIA_URL,
    payments: config.PAYMENTS_URL,
    shopper: config.SHOPPER_URL,
    notifications: config.NOTIFICATIONS_URL,
  };
}

export function routeOf(path: string): ServiceName | null {
  for (const route of ROUTES)
    if (typeof route.prefix === 'string' ? path.startsWith(route.prefix) : route.prefix.test(path)) return route.service;
  return null;
}

/** The services the gateway routes to, for `/api/health`. */
export function routedServices(): ServiceName[] {
  return [...new Set(ROUTES.map((route) => route.service))];
}
