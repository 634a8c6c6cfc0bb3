import type { GatewayConfig } from './config.js';

export type ServiceName = 'auth' | 'sales' | 'items' | 'media' | 'payments' | 'shopper';

/**
 * Which service each proxied API call goes to: the first matching prefix wins. This is the gateway's
 * hot path, so it stays a short prefix list; `ENDPOINTS` below names, per call, the file that
 * answers it (and the routes test holds the two, the contract and the controllers to each other).
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
  { prefix: '/api/saved-searches', service: 'shopper' },
  { prefix: '/api/alerts', service: 'shopper' },
  { prefix: '/api/route-plans', service: 'shopper' },
  { prefix: '/api/dev/mail', service: 'shopper' },
  { prefix: '/api/sales', service: 'sales' },
];

/** Who answers one API call: a service (through the proxy) or the gateway itself, and the file whose handler does. */
export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'delete';
  /** As the contract writes it (libs/contracts/src/operations.ts): `/api/sales/{id}`. */
  path: string;
  service: ServiceName | 'gateway';
  /** The controller (from the repository's root) that declares the handler for this method and path. */
  file: string;
}

/**
 * From a URL to its code: every call of the contract, once, with the controller that answers it.
 * `GET /api/sales/{id}` is the gateway's: it composes the sale (from sales) with its items (from
 * items) in sale-detail.ts.
 */
export const ENDPOINTS: Endpoint[] = [
  { method: 'post', path: '/api/auth/register', service: 'auth', file: 'services/auth/src/accounts/accounts.controller.ts' },
  { method: 'post', path: '/api/auth/login', service: 'auth', file: 'services/auth/src/accounts/accounts.controller.ts' },
  { method: 'get', path: '/api/users/me', service: 'auth', file: 'services/auth/src/users/users.controller.ts' },
  { method: 'put', path: '/api/users/me', service: 'auth', file: 'services/auth/src/users/users.controller.ts' },
  { method: 'get', path: '/api/sales', service: 'sales', file: 'services/sales/src/sales/sales.controller.ts' },
  { method: 'get', path: '/api/sales/my-sales', service: 'sales', file: 'services/sales/src/sales/sales.controller.ts' },
  { method: 'get', path: '/api/sales/{id}', service: 'gateway', file: 'gateway/src/gateway.controller.ts' },
  { method: 'post', path: '/api/sales', service: 'sales', file: 'services/sales/src/sales/sales.controller.ts' },
  { method: 'put', path: '/api/sales/{id}', service: 'sales', file: 'services/sales/src/sales/sales.controller.ts' },
  { method: 'delete', path: '/api/sales/{id}', service: 'sales', file: 'services/sales/src/sales/sales.controller.ts' },
  { method: 'post', path: '/api/sales/assign-items', service: 'items', file: 'services/items/src/assignment/assignment.controller.ts' },
  { method: 'get', path: '/api/sales/{id}/calendar.ics', service: 'shopper', file: 'services/shopper/src/calendar/sale-calendar.controller.ts' },
  { method: 'post', path: '/api/items', service: 'items', file: 'services/items/src/items/items.controller.ts' },
  { method: 'get', path: '/api/items/search', service: 'items', file: 'services/items/src/search/search.controller.ts' },
  { method: 'get', path: '/api/items/my-items', service: 'items', file: 'services/items/src/items/items.controller.ts' },
  { method: 'get', path: '/api/items/by-sale/{id}', service: 'items', file: 'services/items/src/items/items.controller.ts' },
  { method: 'post', path: '/api/items/availability', service: 'items', file: 'services/items/src/availability/availability.controller.ts' },
  { method: 'get', path: '/api/items/{id}', service: 'items', file: 'services/items/src/items/items.controller.ts' },
  { method: 'put', path: '/api/items/{id}', service: 'items', file: 'services/items/src/items/items.controller.ts' },
  { method: 'delete', path: '/api/items/{id}', service: 'items', file: 'services/items/src/items/items.controller.ts' },
  { method: 'post', path: '/api/items/{id}/reserve', service: 'items', file: 'services/items/src/reservations/reservations.controller.ts' },
  { method: 'get', path: '/api/reservations/mine', service: 'items', file: 'services/items/src/reservations/reservations.controller.ts' },
  { method: 'get', path: '/api/reservations/by-sale/{saleId}', service: 'items', file: 'services/items/src/reservations/reservations.controller.ts' },
  { method: 'get', path: '/api/reservations/{id}', service: 'items', file: 'services/items/src/reservations/reservations.controller.ts' },
  { method: 'post', path: '/api/reservations/{id}/pay', service: 'items', file: 'services/items/src/reservations/reservations.controller.ts' },
  { method: 'post', path: '/api/reservations/{id}/cancel', service: 'items', file: 'services/items/src/reservations/reservations.controller.ts' },
  { method: 'post', path: '/api/reservations/{id}/collect', service: 'items', file: 'services/items/src/reservations/reservations.controller.ts' },
  { method: 'post', path: '/api/reservations/{id}/rating', service: 'items', file: 'services/items/src/reservations/reservations.controller.ts' },
  { method: 'post', path: '/api/payouts/onboarding', service: 'items', file: 'services/items/src/reservations/reservations.controller.ts' },
  { method: 'post', path: '/api/upload/image', service: 'media', file: 'services/media/src/images/images.controller.ts' },
  { method: 'get', path: '/api/images/{name}', service: 'media', file: 'services/media/src/images/images.controller.ts' },
  { method: 'get', path: '/api/payments/config', service: 'payments', file: 'services/payments/src/subscriptions/subscriptions.controller.ts' },
  { method: 'post', path: '/api/payments/subscribe', service: 'payments', file: 'services/payments/src/subscriptions/subscriptions.controller.ts' },
  { method: 'post', path: '/api/payments/confirm-subscription', service: 'payments', file: 'services/payments/src/subscriptions/subscriptions.controller.ts' },
  { method: 'get', path: '/api/payments/membership', service: 'payments', file: 'services/payments/src/memberships/membership.controller.ts' },
  { method: 'post', path: '/api/payments/membership/cancel', service: 'payments', file: 'services/payments/src/memberships/membership.controller.ts' },
  { method: 'post', path: '/api/payments/membership/resume', service: 'payments', file: 'services/payments/src/memberships/membership.controller.ts' },
  { method: 'post', path: '/api/payments/membership/refund', service: 'payments', file: 'services/payments/src/memberships/membership.controller.ts' },
  { method: 'get', path: '/api/payments/receipts', service: 'payments', file: 'services/payments/src/memberships/membership.controller.ts' },
  { method: 'post', path: '/api/payments/webhook', service: 'payments', file: 'services/payments/src/webhooks/webhooks.controller.ts' },
  { method: 'get', path: '/api/favorites', service: 'shopper', file: 'services/shopper/src/favorites/favorites.controller.ts' },
  { method: 'get', path: '/api/favorites/ids', service: 'shopper', file: 'services/shopper/src/favorites/favorites.controller.ts' },
  { method: 'post', path: '/api/favorites/sales/{id}', service: 'shopper', file: 'services/shopper/src/favorites/favorites.controller.ts' },
  { method: 'delete', path: '/api/favorites/sales/{id}', service: 'shopper', file: 'services/shopper/src/favorites/favorites.controller.ts' },
  { method: 'post', path: '/api/favorites/items/{id}', service: 'shopper', file: 'services/shopper/src/favorites/favorites.controller.ts' },
  { method: 'delete', path: '/api/favorites/items/{id}', service: 'shopper', file: 'services/shopper/src/favorites/favorites.controller.ts' },
  { method: 'get', path: '/api/saved-searches', service: 'shopper', file: 'services/shopper/src/saved-searches/saved-searches.controller.ts' },
  { method: 'get', path: '/api/saved-searches/{id}', service: 'shopper', file: 'services/shopper/src/saved-searches/saved-searches.controller.ts' },
  { method: 'post', path: '/api/saved-searches', service: 'shopper', file: 'services/shopper/src/saved-searches/saved-searches.controller.ts' },
  { method: 'put', path: '/api/saved-searches/{id}', service: 'shopper', file: 'services/shopper/src/saved-searches/saved-searches.controller.ts' },
  { method: 'delete', path: '/api/saved-searches/{id}', service: 'shopper', file: 'services/shopper/src/saved-searches/saved-searches.controller.ts' },
  { method: 'get', path: '/api/saved-searches/unsubscribe', service: 'shopper', file: 'services/shopper/src/saved-searches/unsubscribe.controller.ts' },
  { method: 'post', path: '/api/saved-searches/unsubscribe', service: 'shopper', file: 'services/shopper/src/saved-searches/unsubscribe.controller.ts' },
  { method: 'get', path: '/api/alerts', service: 'shopper', file: 'services/shopper/src/alerts/alerts.controller.ts' },
  { method: 'get', path: '/api/alerts/unread-count', service: 'shopper', file: 'services/shopper/src/alerts/alerts.controller.ts' },
  { method: 'post', path: '/api/alerts/read-all', service: 'shopper', file: 'services/shopper/src/alerts/alerts.controller.ts' },
  { method: 'get', path: '/api/alerts/settings', service: 'shopper', file: 'services/shopper/src/alerts/alerts.controller.ts' },
  { method: 'put', path: '/api/alerts/settings', service: 'shopper', file: 'services/shopper/src/alerts/alerts.controller.ts' },
  { method: 'post', path: '/api/alerts/{id}/read', service: 'shopper', file: 'services/shopper/src/alerts/alerts.controller.ts' },
  { method: 'post', path: '/api/route-plans/preview', service: 'shopper', file: 'services/shopper/src/route-plans/route-plans.controller.ts' },
  { method: 'post', path: '/api/route-plans', service: 'shopper', file: 'services/shopper/src/route-plans/route-plans.controller.ts' },
  { method: 'get', path: '/api/route-plans', service: 'shopper', file: 'services/shopper/src/route-plans/route-plans.controller.ts' },
  { method: 'get', path: '/api/route-plans/{id}', service: 'shopper', file: 'services/shopper/src/route-plans/route-plans.controller.ts' },
  { method: 'delete', path: '/api/route-plans/{id}', service: 'shopper', file: 'services/shopper/src/route-plans/route-plans.controller.ts' },
  { method: 'get', path: '/api/route-plans/{id}/calendar.ics', service: 'shopper', file: 'services/shopper/src/route-plans/route-plans.controller.ts' },
  { method: 'get', path: '/api/dev/mail', service: 'shopper', file: 'services/shopper/src/notifications/dev-mail.controller.ts' },
  { method: 'get', path: '/api/health', service: 'gateway', file: 'gateway/src/gateway.controller.ts' },
  { method: 'get', path: '/api/live', service: 'gateway', file: 'gateway/src/ops.controller.ts' },
  { method: 'get', path: '/api/docs', service: 'gateway', file: 'gateway/src/api-docs.controller.ts' },
  { method: 'get', path: '/api/docs/openapi.json', service: 'gateway', file: 'gateway/src/api-docs.controller.ts' },
];

export function serviceUrls(config: GatewayConfig): Record<ServiceName, string> {
  return {
    auth: config.AUTH_URL,
    sales: config.SALES_URL,
    items: config.ITEMS_URL,
    media: config.MEDIA_URL,
    payments: config.PAYMENTS_URL,
    shopper: config.SHOPPER_URL,
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
