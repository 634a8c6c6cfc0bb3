import type { ApiOperation } from './types.js';
import { favoriteIdsSchema, favoriteSavedSchema, favoritesSchema } from '../shopper.js';

/** Saved sales and items (shopper service). */
export const FAVORITE_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'listFavorites',
    method: 'get',
    path: '/api/favorites',
    tag: 'Favorites',
    summary: 'Saved sales and items, newest first',
    access: 'signed-in',
    responses: { 200: { description: 'The favourites', body: favoritesSchema } },
  },
  {
    operationId: 'favoriteIds',
    method: 'get',
    path: '/api/favorites/ids',
    tag: 'Favorites',
    summary: 'The ids of saved sales and items',
    access: 'signed-in',
    responses: { 200: { description: 'The ids', body: favoriteIdsSchema } },
  },
  {
    operationId: 'saveSale',
    method: 'post',
    path: '/api/favorites/sales/{id}',
    tag: 'Favorites',
    summary: 'Save a sale',
    access: 'signed-in',
    responses: {
      200: { description: 'It was already saved (the first `savedAt`)', body: favoriteSavedSchema },
      201: { description: 'Saved', body: favoriteSavedSchema },
    },
    errors: { 404: { error: 'Sale not found', when: 'An unknown or deleted sale' } },
  },
  {
    operationId: 'unsaveSale',
    method: 'delete',
    path: '/api/favorites/sales/{id}',
    tag: 'Favorites',
    summary: 'Forget a saved sale',
    access: 'signed-in',
    responses: { 204: { description: 'Not saved any more (also when it was not)' } },
    errors: { 404: { error: 'Sale not found' } },
  },
  {
    operationId: 'saveItem',
    method: 'post',
    path: '/api/favorites/items/{id}',
    tag: 'Favorites',
    summary: 'Save an item',
    access: 'signed-in',
    responses: {
      200: { description: 'It was already saved (the first `savedAt`)', body: favoriteSavedSchema },
      201: { description: 'Saved', body: favoriteSavedSchema },
    },
    errors: { 404: { error: 'Item not found', when: 'An unknown or deleted item' } },
  },
  {
    operationId: 'unsaveItem',
    method: 'delete',
    path: '/api/favorites/items/{id}',
    tag: 'Favorites',
    summary: 'Forget a saved item',
    access: 'signed-in',
    responses: { 204: { description: 'Not saved any more' } },
    errors: { 404: { error: 'Item not found' } },
  },
];
