import { Inject, Injectable } from '@nestjs/common';
import type { FavoriteIds, Favorites, FavoriteSaved } from '@garage/contracts';
import { Clock, notFound } from '@garage/service-kit';
import { ItemsRepository } from '../projections/items.repository.js';
import { SalesRepository } from '../projections/sales.repository.js';
import { plannablePlace } from '../route-plans/sale-place.js';
import { FavoritesRepository } from './favorites.repository.js';

/** Favourites: any signed-in user saves sales and items, and finds them on a Saved page. */
@Injectable()
export class FavoritesService {
  constructor(
    @Inject(FavoritesRepository) private readonly favorites: FavoritesRepository,
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(userId: number): Promise<Favorites> {
    const [sales, items] = await Promise.all([this.favorites.sales(userId), this.favorites.items(userId)]);
    const now = this.clock.now();
    // A saved sale whose host has not let its address show yet: its street and pin within a block.
    return { sales: sales.map((sale) => (sale.user_id === userId ? sale : plannablePlace(sale, now))), items };
  }

  ids(userId: number): Promise<FavoriteIds> {
    return this.favorites.ids(userId);
  }

  async saveSale(userId: number, saleId: number): Promise<{ created: boolean; body: FavoriteSaved }> {
    // Not heard of here yet is asked of the sales service (see SaleProjection.findOrAsk).
    const sale = await this.sales.findOrAsk(saleId);
    if (!sale || sale.deleted) throw notFound('Sale not found');
    const { savedAt, created } = await this.favorites.add('sale', userId, saleId);
    return { created, body: { saleId, savedAt: savedAt.toISOString() } };
  }

  async saveItem(userId: number, itemId: number): Promise<{ created: boolean; body: FavoriteSaved }> {
    const state = await this.items.stateOrAsk(itemId);
    if (state !== 'live') throw notFound('Item not found');
    const { savedAt, created } = await this.favorites.add('item', userId, itemId);
    return { created, body: { itemId, savedAt: savedAt.toISOString() } };
  }

  /**
   * Removing is idempotent for a sale known here or to its owner (deleted ones kept here included);
   * an id nobody has is 404.
   */
  async removeSale(userId: number, saleId: number): Promise<void> {
    if (!(await this.sales.findOrAsk(saleId))) throw notFound('Sale not found');
    await this.favorites.remove('sale', userId, saleId);
  }

  async removeItem(userId: number, itemId: number): Promise<void> {
    if ((await this.items.stateOrAsk(itemId)) === 'unknown') throw notFound('Item not found');
    await this.favorites.remove('item', userId, itemId);
  }
}
