import type { z } from 'zod';
import {
  alertSettingsUpdateSchema,
  alertsQuerySchema,
  assignItemsBodySchema,
  availabilityBodySchema,
  checkInBodySchema,
  communitySaleBodySchema,
  communitySaleJoinSchema,
  communitySaleListQuerySchema,
  confirmSubscriptionBodySchema,
  itemCreateSchema,
  itemSearchQuerySchema,
  itemUpdateSchema,
  liveStatusBodySchema,
  loginBodySchema,
  myItemsQuerySchema,
  offerBodySchema,
  offersQuerySchema,
  profileBodySchema,
  registerBodySchema,
  routePlanBodySchema,
  saleCreateSchema,
  saleListQuerySchema,
  saleUpdateSchema,
  savedSearchBodySchema,
  unsubscribeQuerySchema,
} from '@garage/contracts';

/**
 * The routes the fuzz test aims at, each with the zod contract of its body or query and a valid
 * body to vary one field at a time; and the real ids the test fills in once it has made them.
 */

export type Schema = z.ZodType;
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: Schema;
  query?: Schema;
  /** A valid body, so one bad field at a time reaches past validation of the others. */
  valid?: () => Record<string, unknown>;
}

const today = new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
export const saleForm = () => ({
  title: 'Fuzzed sale',
  description: 'Things',
  address: '1 Main St',
  city: 'Beverly Hills',
  state: 'CA',
  zipCode: '90210',
  startDate: inDays(7),
  endDate: inDays(8),
  startTime: '08:00',
  endTime: '16:00',
});
export const itemForm = () => ({ title: 'Fuzzed lamp', category: 'Furniture', price: 5, description: 'A lamp' });
export const search = () => ({ name: 'Lamps', q: 'lamp', frequency: 'instant', emailEnabled: true });
export const plan = () => ({ date: inDays(7), startTime: '08:00', start: { zipCode: '90210' }, saleIds: [ids.sale] });
export const communitySale = () => ({
  name: 'Fuzzed sale day',
  latitude: 34.0901,
  longitude: -118.4065,
  radiusMiles: 2,
  days: [{ date: inDays(7), startTime: '08:00', endTime: '15:00' }],
  rainDate: inDays(14),
});
export const ids = { sale: 1, item: 1, search: 1, plan: 1, alert: 1, communitySale: 1 };

export const ROUTES: Route[] = [
  { method: 'POST', path: '/api/auth/register', body: registerBodySchema },
  { method: 'POST', path: '/api/auth/login', body: loginBodySchema },
  { method: 'GET', path: '/api/users/me' },
  { method: 'PUT', path: '/api/users/me', body: profileBodySchema, valid: () => ({ firstName: 'Fuzz', lastName: 'Er' }) },
  { method: 'GET', path: '/api/sales', query: saleListQuerySchema },
  { method: 'GET', path: '/api/sales/my-sales' },
  { method: 'GET', path: '/api/sales/:sale' },
  { method: 'POST', path: '/api/sales', body: saleCreateSchema(today), valid: saleForm },
  { method: 'PUT', path: '/api/sales/:sale', body: saleUpdateSchema, valid: saleForm },
  { method: 'DELETE', path: '/api/sales/:none' },
  { method: 'GET', path: '/api/sales/:sale/calendar.ics' },
  { method: 'PUT', path: '/api/sales/:sale/live-status', body: liveStatusBodySchema, valid: () => ({ state: 'open' }) },
  {
    method: 'POST',
    path: '/api/sales/:sale/check-ins',
    body: checkInBodySchema,
    valid: () => ({ going: true, latitude: 34.09, longitude: -118.4 }),
  },
  { method: 'GET', path: '/api/sales/:sale/sign.pdf' },
  { method: 'GET', path: '/api/sales/:sale/stickers.pdf' },
  {
    method: 'POST',
    path: '/api/sales/assign-items',
    body: assignItemsBodySchema,
    valid: () => ({ saleId: ids.sale, itemIds: [ids.item] }),
  },
  { method: 'GET', path: '/api/items/search', query: itemSearchQuerySchema },
  { method: 'GET', path: '/api/items/my-items', query: myItemsQuerySchema },
  { method: 'GET', path: '/api/items/by-sale/:sale' },
  { method: 'GET', path: '/api/items/:item' },
  { method: 'POST', path: '/api/items', body: itemCreateSchema, valid: itemForm },
  { method: 'PUT', path: '/api/items/:item', body: itemUpdateSchema, valid: itemForm },
  { method: 'DELETE', path: '/api/items/:none' },
  { method: 'POST', path: '/api/items/:item/reserve' },
  { method: 'POST', path: '/api/items/:item/offers', body: offerBodySchema, valid: () => ({ amount: 5 }) },
  { method: 'GET', path: '/api/offers', query: offersQuerySchema },
  { method: 'POST', path: '/api/offers/:none/accept' },
  { method: 'POST', path: '/api/offers/:none/decline' },
  { method: 'POST', path: '/api/offers/:none/counter', body: offerBodySchema, valid: () => ({ amount: 5 }) },
  { method: 'POST', path: '/api/offers/:none/withdraw' },
  {
    method: 'POST',
    path: '/api/items/availability',
    body: availabilityBodySchema,
    valid: () => ({ startDate: inDays(7), endDate: inDays(8), startTime: '08:00', endTime: '16:00' }),
  },
  { method: 'POST', path: '/api/upload/image' },
  { method: 'GET', path: '/api/images/:name' },
  { method: 'GET', path: '/api/payments/config' },
  {
    method: 'POST',
    path: '/api/payments/confirm-subscription',
    body: confirmSubscriptionBodySchema,
    valid: () => ({ paymentIntentId: 'pi_x' }),
  },
  { method: 'POST', path: '/api/payments/webhook' },
  { method: 'GET', path: '/api/favorites' },
  { method: 'GET', path: '/api/favorites/ids' },
  { method: 'POST', path: '/api/favorites/sales/:sale' },
  { method: 'DELETE', path: '/api/favorites/items/:item' },
  { method: 'GET', path: '/api/saved-searches' },
  { method: 'GET', path: '/api/saved-searches/:search' },
  { method: 'POST', path: '/api/saved-searches', body: savedSearchBodySchema, valid: search },
  { method: 'PUT', path: '/api/saved-searches/:search', body: savedSearchBodySchema, valid: search },
  { method: 'DELETE', path: '/api/saved-searches/:none' },
  { method: 'GET', path: '/api/saved-searches/unsubscribe', query: unsubscribeQuerySchema },
  { method: 'POST', path: '/api/saved-searches/unsubscribe', query: unsubscribeQuerySchema },
  { method: 'GET', path: '/api/alerts', query: alertsQuerySchema },
  { method: 'GET', path: '/api/alerts/unread-count' },
  { method: 'POST', path: '/api/alerts/read-all' },
  { method: 'PUT', path: '/api/alerts/settings', body: alertSettingsUpdateSchema, valid: () => ({ dropOutEmails: true }) },
  { method: 'POST', path: '/api/alerts/:alert/read' },
  { method: 'POST', path: '/api/route-plans/preview', body: routePlanBodySchema, valid: plan },
  { method: 'POST', path: '/api/route-plans', body: routePlanBodySchema, valid: plan },
  { method: 'GET', path: '/api/route-plans/:plan' },
  { method: 'GET', path: '/api/route-plans/:plan/calendar.ics' },
  { method: 'DELETE', path: '/api/route-plans/:none' },
  { method: 'GET', path: '/api/dev/mail' },
  { method: 'GET', path: '/api/community-sales', query: communitySaleListQuerySchema },
  { method: 'POST', path: '/api/community-sales', body: communitySaleBodySchema, valid: communitySale },
  { method: 'GET', path: '/api/community-sales/:communitySale' },
  { method: 'PUT', path: '/api/community-sales/:communitySale', body: communitySaleBodySchema, valid: communitySale },
  { method: 'GET', path: '/api/community-sales/:communitySale/sales' },
  {
    method: 'POST',
    path: '/api/community-sales/:communitySale/sales',
    body: communitySaleJoinSchema,
    valid: () => ({ saleId: ids.sale }),
  },
  { method: 'POST', path: '/api/community-sales/:communitySale/sales/:sale/approve' },
  { method: 'DELETE', path: '/api/community-sales/:none/sales/:none' },
  { method: 'POST', path: '/api/community-sales/:none/rain-date' },
  { method: 'GET', path: '/api/community-sales/:communitySale/print.pdf' },
  { method: 'GET', path: '/api/community-sales/:communitySale/follow' },
  { method: 'POST', path: '/api/community-sales/:communitySale/follow' },
  { method: 'DELETE', path: '/api/community-sales/:none/follow' },
  { method: 'POST', path: '/api/community-sales/:communitySale/cancel' },
];
