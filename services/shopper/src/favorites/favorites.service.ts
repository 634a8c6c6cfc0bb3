import { Inject, Injectable } from '@nestjs/common';
import type { FavoriteIds, Favorites, FavoriteSaved } from '@garage/contracts';
import { notFound, retryLater, SERVICE_CONFIG } from '@garage/service-kit';
import type { ShopperConfig } from '../config.js';
import { ItemsRepository } from '../projections/items.repository.js';
import { SalesRepository } from '../projections/sales.repository.js';
import { FavoritesRepository } from './favorites.repository.js';

/** Not yet heard of here is not proof of absence (its event may be late): a retryable 503, not a 404. */
export const SALE_NOT_SYNCED = 'That sale is not available here yet. Try again in a moment.';
const ITEM_NOT_SYNCED = 'That item is not available here yet. Try again in a moment.';

/** Favourites: any signed-in user saves sales and items, and finds them on a Saved page. */
@Injectable()
export class FavoritesService {
  constructor(
    @Inject(FavoritesRepository) private readonly favorites: FavoritesRepository,
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: ShopperConfig,
  ) {}

  async list(userId: number): Promise<Favorites> {
    const [sales, items] = await Promise.all([this.favorites.sales(userId), this.favorites.items(userId)]);
    return { sales, items };
  }

  ids(userId: number): Promise<FavoriteIds> {
    return this.favorites.ids(userId);
  }

  async saveSale(userId: number, saleId: number): Promise<{ created: boolean; body: FavoriteSaved }> {
    const sale = await this.sales.waitUntilKnown(saleId, this.config.PROJECTION_WAIT_MS);
    if (!sale) throw retryLater(SALE_NOT_SYNCED);
    if (sale.deleted) throw notFound('Sale not found');
    const { savedAt, created } = await this.favorites.add('sale', userId, saleId);
    return { created, body: { saleId, savedAt: savedAt.toISOString() } };
  }

  async saveItem(userId: number, itemId: number): Promise<{ created: boolean; body: FavoriteSaved }> {
    const state = await this.items.waitUntilKnown(itemId, this.config.PROJECTION_WAIT_MS);
    if (state === 'unknown') throw retryLater(ITEM_NOT_SYNCED);
    if (state === 'deleted') throw notFound('Item not found');
    const { savedAt, created } = await this.favorites.add('item', userId, itemId);
    return { created, body: { itemId, savedAt: savedAt.toISOString() } };
  }

  /** Removing is idempotent for a sale this service knows (deleted ones included); an id it never heard of is 404. */
  async removeSale(userId: number, saleId: number): Promise<void> {
    if (!(await this.sales.find(saleId))) throw notFound('Sale not found');
    await this.favorites.remove('sale', userId, saleId);
  }

  async removeItem(userId: number, itemId: number): Promise<void> {
    if ((await this.items.state(itemId)) === 'unknown') throw notFound('Item not found');
    await this.favorites.remove('item', userId, itemId);
  }
}
