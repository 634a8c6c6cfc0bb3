import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Item, TokenClaims } from '@garage/contracts';
import { Outbox } from '@garage/event-bus';
import { Clock, conflict, forbidden, notFound, SERVICE_CONFIG } from '@garage/service-kit';
import type { ItemsConfig } from '../config.js';
import { toSnapshot } from '../items/item.row.js';
import { ItemsRepository } from '../items/items.repository.js';
import { ItemsService } from '../items/items.service.js';
import { UsersRepository } from '../projections/users.repository.js';
import { ReservationsRepository } from './reservations.repository.js';

/** Premium members reserve items (paid upfront, collected during the sale's hours; spec section 1). */
@Injectable()
export class ReservationsService {
  constructor(
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(ItemsService) private readonly itemsService: ItemsService,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(ReservationsRepository) private readonly reservations: ReservationsRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ItemsConfig,
  ) {}

  async reserve(caller: TokenClaims, itemId: number): Promise<Item> {
    const now = this.clock.now();
    // A member who has just paid may be ahead of `user.premium_activated`: wait for it before refusing.
    if (!(await this.users.waitUntilPremium(caller.userId, now, this.config.PROJECTION_WAIT_MS)))
      throw forbidden('Premium membership required');
    await this.outbox.transaction(async (manager, emit) => {
      const item = await this.items.reserve(manager, itemId, caller.userId);
      if (!item) throw await this.whyNot(manager, itemId, caller.userId);
      await this.reservations.record(manager, item.id, caller.userId, now);
      emit('item.reserved', item.version, { ...toSnapshot(item), reserved_by: caller.userId, reserved_at: now.toISOString() });
    });
    return this.itemsService.get(itemId, caller);
  }

  /**
   * Explains a reserve that matched no row: the conditional update already decided, this only words
   * it. It reads through the transaction's own connection: asking the pool for a second one while
   * holding the first deadlocks once every connection is held by a reserve waiting for the winner.
   */
  private async whyNot(manager: EntityManager, itemId: number, userId: number) {
    const item = await this.items.findById(itemId, manager);
    if (!item) return notFound('Item not found');
    if (item.user_id === userId) return conflict('You cannot reserve your own item');
    if (item.is_sold) return conflict('Item is already sold');
    return conflict('Item is already reserved');
  }
}
