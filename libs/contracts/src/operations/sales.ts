import type { ApiOperation } from './types.js';
import { z } from 'zod';
import { API_EXAMPLES } from './examples.js';
import { NOT_OWNER } from './types.js';
import { assignItemsBodySchema, saleCreateSchema, saleListQuerySchema, saleSchema, saleUpdateSchema } from '../sales.js';
import { assignResultSchema } from '../items.js';
import { saleStatsSchema } from '../sale-stats.js';
import { saleDetailSchema } from './shapes.js';

/** Garage sales (sales service; the sale detail is composed by the gateway). */
export const SALE_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'listSales',
    method: 'get',
    path: '/api/sales',
    tag: 'Sales',
    summary: 'Browse active sales',
    description:
      'Active sales whose dates overlap the window (no window: every sale not ended yet) and whose hours overlap the time filter. ' +
      'With a location, only those within `radius` miles (default 25; clamped to 50, or 100 for premium members), nearest first, with `distance`. ' +
      '`paymentMethod` keeps the sales that take it. Before a sale’s `address_visible_from`, members other than the host get its street without the number, ' +
      'and everyone but the host a pin within a block.',
    access: 'viewer',
    query: saleListQuerySchema,
    responses: { 200: { description: 'The sales (visitors get private fields as null)', body: z.array(saleSchema) } },
  },
  {
    operationId: 'mySales',
    method: 'get',
    path: '/api/sales/my-sales',
    tag: 'Sales',
    summary: "The caller's sales, every status",
    access: 'signed-in',
    responses: { 200: { description: 'The sales', body: z.array(saleSchema) } },
  },
  {
    operationId: 'getSale',
    method: 'get',
    path: '/api/sales/{id}',
    tag: 'Sales',
    summary: 'A sale with its items',
    description: 'Composed by the gateway: the sale from the sales service, its items from the items service.',
    access: 'viewer',
    responses: { 200: { description: 'The sale and its items', body: saleDetailSchema } },
    errors: { 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'createSale',
    method: 'post',
    path: '/api/sales',
    tag: 'Sales',
    summary: 'Host a sale',
    description:
      'Located from the ZIP code. Beyond the schema: the start date is not before today, the end date not before the start, and a one-day sale ends after it starts. ' +
      '`itemIds` are the host’s items to put into the new sale. `paymentMethods` (each once; an unknown one is `400`) and ' +
      '`addressVisibleFrom` (`YYYY-MM-DDTHH:MM` on the sale’s clock; blank or past: now) are optional.',
    access: 'signed-in',
    // The start-date rule is a refinement (not part of the JSON schema), so any date serves here.
    body: saleCreateSchema('1970-01-01'),
    example: API_EXAMPLES.saleCreate,
    responses: { 201: { description: 'The new sale', body: saleSchema } },
    errors: { 400: 'A sale rule broken, or a ZIP code that does not exist (`details` names `zipCode`)' },
  },
  {
    operationId: 'updateSale',
    method: 'put',
    path: '/api/sales/{id}',
    tag: 'Sales',
    summary: 'Edit, cancel or re-activate a sale',
    access: 'signed-in',
    body: saleUpdateSchema,
    example: API_EXAMPLES.saleUpdate,
    responses: { 200: { description: 'The updated sale', body: saleSchema } },
    errors: { 403: NOT_OWNER, 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'deleteSale',
    method: 'delete',
    path: '/api/sales/{id}',
    tag: 'Sales',
    summary: 'Delete a sale',
    description: 'Its items stay, with `garage_sale_id` null.',
    access: 'signed-in',
    responses: { 204: { description: 'Deleted' } },
    errors: { 403: NOT_OWNER, 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'assignItems',
    method: 'post',
    path: '/api/sales/assign-items',
    tag: 'Sales',
    summary: 'Put items into a sale',
    description: 'Served by the items service. All or nothing: one item not the caller’s and nothing is assigned.',
    access: 'signed-in',
    body: assignItemsBodySchema,
    example: API_EXAMPLES.assignItems,
    responses: { 200: { description: 'How many were assigned', body: assignResultSchema } },
    errors: { 403: 'The sale or an item is not the caller’s', 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'saleCalendar',
    method: 'get',
    path: '/api/sales/{id}/calendar.ics',
    tag: 'Sales',
    summary: "A sale's calendar file",
    description: 'Served by the shopper service. The address is in it for signed-in users only.',
    access: 'viewer',
    responses: { 200: { description: 'An iCalendar file', media: 'calendar' } },
    errors: { 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'saleYardSign',
    method: 'get',
    path: '/api/sales/{id}/sign.pdf',
    tag: 'Sales',
    summary: "The host's yard sign",
    description:
      'A landscape US Letter page: the title, the days and hours in letters readable from a car, a space to draw an arrow, ' +
      'and a QR code to the sale’s page. The host’s alone: another member gets `404`.',
    access: 'signed-in',
    responses: { 200: { description: 'A PDF', media: 'pdf' } },
    errors: { 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'salePriceStickers',
    method: 'get',
    path: '/api/sales/{id}/stickers.pdf',
    tag: 'Sales',
    summary: "The host's price stickers",
    description:
      'Served by the items service. One sticker for each item of the sale not sold yet (price, short title, QR code to the item’s page), ' +
      'on Avery 5160 sheets (30 labels a US Letter page). The host’s alone: another member gets `404`.',
    access: 'signed-in',
    responses: { 200: { description: 'A PDF', media: 'pdf' } },
    errors: { 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'saleStats',
    method: 'get',
    path: '/api/sales/{id}/stats',
    tag: 'Sales',
    summary: 'What the listing did (the host’s)',
    description:
      'Views of the sale and of each item by anyone but the host, visitors included; unique viewers (each member or visitor once a day); ' +
      'saves, route plans that include it, alert matches of its items, reservations, pickups and "Still going?" answers; ' +
      '`byDay` dates are on the sale’s clock. Each service counts what it owns; the sales service adds them up.',
    access: 'signed-in',
    responses: { 200: { description: 'The counts', body: saleStatsSchema } },
    errors: { 404: { error: 'Sale not found', when: 'no such sale, or not the caller’s' } },
  },
];
