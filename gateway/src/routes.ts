import { SERVICE_NAMES, serviceUrlKey, type ServiceName } from '@garage/contracts';
import type { GatewayConfig } from './config.js';

export type { ServiceName };

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
  { prefix: '/api/offers', service: 'items' },
  { prefix: '/api/payouts/', service: 'items' },
  { prefix: '/api/sales/assign-items', service: 'items' },
  // A pattern, not a prefix: one path under /api/sales belongs to shopper (the sale's calendar file).
  { prefix: /^\/api\/sales\/[^/]+\/calendar\.ics$/, service: 'shopper' },
  // Likewise a sale's price stickers are items' (it owns the items; the sale's yard sign is sales').
  { prefix: /^\/api\/sales\/[^/]+\/stickers\.pdf$/, service: 'items' },
  { prefix: '/api/favorites', service: 'shopper' },
  // The one-click link of every email: notifications stops the emails (and tells shopper).
  { prefix: '/api/saved-searches/unsubscribe', service: 'notifications' },
  { prefix: '/api/saved-searches', service: 'shopper' },
  { prefix: '/api/alerts', service: 'notifications' },
  { prefix: '/api/route-plans', service: 'shopper' },
  { prefix: '/api/dev/mail', service: 'notifications' },
  { prefix: '/api/sales', service: 'sales' },
  // A pattern, not a prefix: following a community sale is shopper's (the community sale is sales').
  { prefix: /^\/api\/community-sales\/[^/]+\/follow$/, service: 'shopper' },
  { prefix: '/api/community-sales', service: 'sales' },
  { prefix: '/api/conversations', service: 'messages' },
  { prefix: '/api/blocks', service: 'messages' },
];

/** Who answers one API call: a service (through the proxy) or the gateway itself, and the file whose handler does. */
export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'delete';
  /** As the contract writes it (libs/contracts/src/operations/): `/api/sales/{id}`. */
  path: string;
  service: ServiceName | 'gateway';
  /** The controller (from the repository's root) that declares the handler for this method and path. */
  file: string;
}

/** `call('GET /api/x/{id}', 'items', 'x/x.controller.ts')`: the file is under that service's `src/`. */
function call(route: string, service: Endpoint['service'], file: string): Endpoint {
  const [method, path] = route.split(' ') as [string, string];
  const root = service === 'gateway' ? 'gateway' : `services/${service}`;
  return { method: method.toLowerCase() as Endpoint['method'], path, service, file: `${root}/src/${file}` };
}

/**
 * From a URL to its code: every call of the contract, once, with the controller that answers it.
 * `GET /api/sales/{id}` is the gateway's: it composes the sale (from sales) with its items (from
 * items) in sale-detail.ts.
 */
export const ENDPOINTS: Endpoint[] = [
  call('POST /api/auth/register', 'auth', 'accounts/accounts.controller.ts'),
  call('POST /api/auth/login', 'auth', 'accounts/accounts.controller.ts'),
  call('GET /api/users/me', 'auth', 'users/users.controller.ts'),
  call('PUT /api/users/me', 'auth', 'users/users.controller.ts'),
  call('GET /api/sales', 'sales', 'sales/sales.controller.ts'),
  call('GET /api/sales/my-sales', 'sales', 'sales/sales.controller.ts'),
  call('GET /api/sales/{id}', 'gateway', 'gateway.controller.ts'),
  call('POST /api/sales', 'sales', 'sales/sales.controller.ts'),
  call('PUT /api/sales/{id}', 'sales', 'sales/sales.controller.ts'),
  call('DELETE /api/sales/{id}', 'sales', 'sales/sales.controller.ts'),
  call('PUT /api/sales/{id}/live-status', 'sales', 'live-status/live-status.controller.ts'),
  call('POST /api/sales/{id}/check-ins', 'sales', 'live-status/live-status.controller.ts'),
  call('POST /api/sales/assign-items', 'items', 'assignment/assignment.controller.ts'),
  call('GET /api/sales/{id}/calendar.ics', 'shopper', 'calendar/sale-calendar.controller.ts'),
  call('GET /api/sales/{id}/sign.pdf', 'sales', 'sales/sale-sign.controller.ts'),
  call('GET /api/sales/{id}/stickers.pdf', 'items', 'stickers/sale-stickers.controller.ts'),
  call('GET /api/sales/{id}/stats', 'sales', 'stats/sale-stats.controller.ts'),
  call('POST /api/items', 'items', 'items/items.controller.ts'),
  call('GET /api/items/search', 'items', 'search/search.controller.ts'),
  call('GET /api/items/my-items', 'items', 'items/items.controller.ts'),
  call('GET /api/items/by-sale/{id}', 'items', 'items/items.controller.ts'),
  call('POST /api/items/availability', 'items', 'availability/availability.controller.ts'),
  call('GET /api/items/{id}', 'items', 'items/items.controller.ts'),
  call('PUT /api/items/{id}', 'items', 'items/items.controller.ts'),
  call('DELETE /api/items/{id}', 'items', 'items/items.controller.ts'),
  call('POST /api/items/{id}/reserve', 'items', 'reservations/reservations.controller.ts'),
  call('GET /api/reservations/mine', 'items', 'reservations/reservations.controller.ts'),
  call('GET /api/reservations/by-sale/{saleId}', 'items', 'reservations/reservations.controller.ts'),
  call('GET /api/reservations/{id}', 'items', 'reservations/reservations.controller.ts'),
  call('POST /api/reservations/{id}/pay', 'items', 'reservations/reservations.controller.ts'),
  call('POST /api/reservations/{id}/cancel', 'items', 'reservations/reservations.controller.ts'),
  call('POST /api/reservations/{id}/collect', 'items', 'reservations/reservations.controller.ts'),
  call('POST /api/reservations/{id}/rating', 'items', 'reservations/reservations.controller.ts'),
  call('POST /api/payouts/onboarding', 'items', 'reservations/reservations.controller.ts'),
  call('POST /api/items/{id}/offers', 'items', 'offers/offers.controller.ts'),
  call('GET /api/offers', 'items', 'offers/offers.controller.ts'),
  call('POST /api/offers/{id}/accept', 'items', 'offers/offers.controller.ts'),
  call('POST /api/offers/{id}/decline', 'items', 'offers/offers.controller.ts'),
  call('POST /api/offers/{id}/counter', 'items', 'offers/offers.controller.ts'),
  call('POST /api/offers/{id}/withdraw', 'items', 'offers/offers.controller.ts'),
  call('POST /api/upload/image', 'media', 'images/images.controller.ts'),
  call('GET /api/images/{name}', 'media', 'images/images.controller.ts'),
  call('GET /api/payments/config', 'payments', 'subscriptions/subscriptions.controller.ts'),
  call('POST /api/payments/subscribe', 'payments', 'subscriptions/subscriptions.controller.ts'),
  call('POST /api/payments/confirm-subscription', 'payments', 'subscriptions/subscriptions.controller.ts'),
  call('GET /api/payments/membership', 'payments', 'memberships/membership.controller.ts'),
  call('POST /api/payments/membership/cancel', 'payments', 'memberships/membership.controller.ts'),
  call('POST /api/payments/membership/resume', 'payments', 'memberships/membership.controller.ts'),
  call('POST /api/payments/membership/refund', 'payments', 'memberships/membership.controller.ts'),
  call('GET /api/payments/receipts', 'payments', 'memberships/membership.controller.ts'),
  call('POST /api/payments/webhook', 'payments', 'webhooks/webhooks.controller.ts'),
  call('GET /api/favorites', 'shopper', 'favorites/favorites.controller.ts'),
  call('GET /api/favorites/ids', 'shopper', 'favorites/favorites.controller.ts'),
  call('POST /api/favorites/sales/{id}', 'shopper', 'favorites/favorites.controller.ts'),
  call('DELETE /api/favorites/sales/{id}', 'shopper', 'favorites/favorites.controller.ts'),
  call('POST /api/favorites/items/{id}', 'shopper', 'favorites/favorites.controller.ts'),
  call('DELETE /api/favorites/items/{id}', 'shopper', 'favorites/favorites.controller.ts'),
  call('GET /api/saved-searches', 'shopper', 'saved-searches/saved-searches.controller.ts'),
  call('GET /api/saved-searches/{id}', 'shopper', 'saved-searches/saved-searches.controller.ts'),
  call('POST /api/saved-searches', 'shopper', 'saved-searches/saved-searches.controller.ts'),
  call('PUT /api/saved-searches/{id}', 'shopper', 'saved-searches/saved-searches.controller.ts'),
  call('DELETE /api/saved-searches/{id}', 'shopper', 'saved-searches/saved-searches.controller.ts'),
  call('GET /api/saved-searches/unsubscribe', 'notifications', 'unsubscribe/unsubscribe.controller.ts'),
  call('POST /api/saved-searches/unsubscribe', 'notifications', 'unsubscribe/unsubscribe.controller.ts'),
  call('GET /api/alerts', 'notifications', 'alerts/alerts.controller.ts'),
  call('GET /api/alerts/unread-count', 'notifications', 'alerts/alerts.controller.ts'),
  call('POST /api/alerts/read-all', 'notifications', 'alerts/alerts.controller.ts'),
  call('GET /api/alerts/settings', 'notifications', 'alerts/alerts.controller.ts'),
  call('PUT /api/alerts/settings', 'notifications', 'alerts/alerts.controller.ts'),
  call('POST /api/alerts/{id}/read', 'notifications', 'alerts/alerts.controller.ts'),
  call('POST /api/route-plans/preview', 'shopper', 'route-plans/route-plans.controller.ts'),
  call('POST /api/route-plans', 'shopper', 'route-plans/route-plans.controller.ts'),
  call('GET /api/route-plans', 'shopper', 'route-plans/route-plans.controller.ts'),
  call('GET /api/route-plans/{id}', 'shopper', 'route-plans/route-plans.controller.ts'),
  call('DELETE /api/route-plans/{id}', 'shopper', 'route-plans/route-plans.controller.ts'),
  call('GET /api/route-plans/{id}/calendar.ics', 'shopper', 'route-plans/route-plans.controller.ts'),
  call('POST /api/route-plans/{id}/replan', 'shopper', 'route-plans/replan.controller.ts'),
  call('GET /api/community-sales', 'sales', 'community-sales/community-sales.controller.ts'),
  call('POST /api/community-sales', 'sales', 'community-sales/community-sales.controller.ts'),
  call('GET /api/community-sales/{id}', 'sales', 'community-sales/community-sales.controller.ts'),
  call('PUT /api/community-sales/{id}', 'sales', 'community-sales/community-sales.controller.ts'),
  call('POST /api/community-sales/{id}/cancel', 'sales', 'community-sales/community-sales.controller.ts'),
  call('POST /api/community-sales/{id}/rain-date', 'sales', 'community-sales/community-sales.controller.ts'),
  call('GET /api/community-sales/{id}/sales', 'sales', 'community-sales/community-sale-entries.controller.ts'),
  call('POST /api/community-sales/{id}/sales', 'sales', 'community-sales/community-sale-entries.controller.ts'),
  call('DELETE /api/community-sales/{id}/sales/{saleId}', 'sales', 'community-sales/community-sale-entries.controller.ts'),
  call('POST /api/community-sales/{id}/sales/{saleId}/approve', 'sales', 'community-sales/community-sale-entries.controller.ts'),
  call('GET /api/community-sales/{id}/print.pdf', 'sales', 'community-sales/community-sale-print.controller.ts'),
  call('GET /api/community-sales/{id}/follow', 'shopper', 'follows/follows.controller.ts'),
  call('POST /api/community-sales/{id}/follow', 'shopper', 'follows/follows.controller.ts'),
  call('DELETE /api/community-sales/{id}/follow', 'shopper', 'follows/follows.controller.ts'),
  call('GET /api/dev/mail', 'notifications', 'email/dev-mail.controller.ts'),
  call('POST /api/conversations', 'messages', 'conversations/conversations.controller.ts'),
  call('GET /api/conversations', 'messages', 'conversations/conversations.controller.ts'),
  call('GET /api/conversations/{id}', 'messages', 'conversations/conversations.controller.ts'),
  call('POST /api/conversations/{id}/messages', 'messages', 'conversations/conversations.controller.ts'),
  call('POST /api/conversations/{id}/read', 'messages', 'conversations/conversations.controller.ts'),
  call('POST /api/conversations/{id}/report', 'messages', 'conversations/conversations.controller.ts'),
  call('POST /api/blocks', 'messages', 'safety/blocks.controller.ts'),
  call('GET /api/health', 'gateway', 'gateway.controller.ts'),
  call('GET /api/live', 'gateway', 'ops.controller.ts'),
  call('GET /api/updates', 'gateway', 'live-updates.controller.ts'),
  call('GET /api/ready', 'gateway', 'ops.controller.ts'),
  call('GET /api/docs', 'gateway', 'api-docs.controller.ts'),
  call('GET /api/docs/openapi.json', 'gateway', 'api-docs.controller.ts'),
];

export function serviceUrls(config: GatewayConfig): Record<ServiceName, string> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [name, config[serviceUrlKey(name)]])) as Record<ServiceName, string>;
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
