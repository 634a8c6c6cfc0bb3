import type { ApiOperation } from './types.js';
import { z } from 'zod';
import { API_EXAMPLES } from './examples.js';
import { PREMIUM_REQUIRED } from '../shopper.js';
import {
  availabilityBodySchema,
  availabilityItemSchema,
  itemCreateSchema,
  itemSchema,
  itemSearchQuerySchema,
  itemUpdateSchema,
  myItemsQuerySchema,
  searchResultSchema,
} from '../items.js';
import { reserveResultSchema } from './shapes.js';

/** Items, their search and availability (items service). */
export const ITEM_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'createItem',
    method: 'post',
    path: '/api/items',
    tag: 'Items',
    summary: 'List an item',
    access: 'signed-in',
    body: itemCreateSchema,
    example: API_EXAMPLES.itemCreate,
    responses: { 201: { description: 'The new item', body: itemSchema } },
    errors: {
      400: 'Title, a category and a condition from the lists, and a price ≥ 0 are required; at most 5 image URLs',
      403: 'garageSaleId is not the caller’s sale',
      404: { error: 'Sale not found', when: 'garageSaleId names no sale' },
    },
  },
  {
    operationId: 'searchItems',
    method: 'get',
    path: '/api/items/search',
    tag: 'Items',
    summary: 'Search items across active sales',
    description:
      'Unsold items of active sales matching the words of `q` (title, description, category, brand; stemmed), best match first. ' +
      'A blank `q` answers `[]`. `radius` is clamped to 50 miles (100 for premium members). Standalone items never appear. ' +
      '`limit` (1–50, default 50) results after the first `offset` (0–1000, default 0) page through the ranking; the search screen asks for 24 at a time. ' +
      'With `communitySaleId`, only items of that community sale’s approved sales (none for a community sale nobody has), and a blank `q` lists ' +
      'them all, newest first: its page’s search.',
    access: 'viewer',
    query: itemSearchQuerySchema,
    responses: { 200: { description: 'The results (visitors get the seller’s name as null)', body: z.array(searchResultSchema) } },
  },
  {
    operationId: 'myItems',
    method: 'get',
    path: '/api/items/my-items',
    tag: 'Items',
    summary: "The caller's items",
    access: 'signed-in',
    query: myItemsQuerySchema,
    responses: { 200: { description: 'The items, with `sale_title`', body: z.array(itemSchema) } },
  },
  {
    operationId: 'itemsOfSale',
    method: 'get',
    path: '/api/items/by-sale/{id}',
    tag: 'Items',
    summary: "A sale's items",
    description: 'What the gateway composes into the sale detail.',
    access: 'viewer',
    responses: { 200: { description: 'The items', body: z.array(itemSchema) } },
  },
  {
    operationId: 'checkAvailability',
    method: 'post',
    path: '/api/items/availability',
    tag: 'Items',
    summary: "Which of the caller's items can go into a sale at these dates",
    description:
      'The caller’s unsold items; an item is unavailable when it sits in another active sale (not `currentSaleId`) whose dates and hours overlap.',
    access: 'signed-in',
    body: availabilityBodySchema,
    example: API_EXAMPLES.availability,
    responses: { 200: { description: 'Each item with `is_available` and `conflict_reason`', body: z.array(availabilityItemSchema) } },
  },
  {
    operationId: 'getItem',
    method: 'get',
    path: '/api/items/{id}',
    tag: 'Items',
    summary: 'An item',
    access: 'viewer',
    responses: { 200: { description: 'The item with its sale', body: itemSchema } },
    errors: { 404: { error: 'Item not found' } },
  },
  {
    operationId: 'updateItem',
    method: 'put',
    path: '/api/items/{id}',
    tag: 'Items',
    summary: 'Edit an item',
    access: 'signed-in',
    body: itemUpdateSchema,
    example: API_EXAMPLES.itemUpdate,
    responses: { 200: { description: 'The updated item', body: itemSchema } },
    errors: {
      403: 'garageSaleId is not the caller’s sale',
      404: {
        error: 'Item not found or unauthorized',
        when: 'An unknown item or another user’s (`Sale not found` when garageSaleId names no sale)',
      },
    },
  },
  {
    operationId: 'deleteItem',
    method: 'delete',
    path: '/api/items/{id}',
    tag: 'Items',
    summary: 'Delete an item',
    access: 'signed-in',
    responses: { 204: { description: 'Deleted' } },
    errors: { 404: { error: 'Item not found or unauthorized' } },
  },
  {
    operationId: 'reserveItem',
    method: 'post',
    path: '/api/items/{id}/reserve',
    tag: 'Items',
    summary: 'Reserve an item (premium)',
    description: 'Of two concurrent reserves of one item exactly one wins. The answer adds the reservation it opened.',
    access: 'signed-in',
    responses: { 200: { description: 'The item with `is_reserved: true`', body: reserveResultSchema } },
    errors: {
      403: { error: PREMIUM_REQUIRED },
      404: { error: 'Item not found' },
      409: 'Already reserved or sold, or the caller’s own item',
    },
  },
];
