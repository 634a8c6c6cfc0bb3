import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { FavoritesRepository } from '../favorites/favorites.repository.js';
import { ItemsRepository } from '../projections/items.repository.js';

/** A deleted item leaves a tombstone and the Saved pages it was on. Its alerts stay (they say what was found). */
@Controller()
export class OnItemDeletedHandler {
  constructor(
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(FavoritesRepository) private readonly favorites: FavoritesRepository,
  ) {}

  @InboxHandler('shopper.item-deleted', ['item.deleted'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager } = InboxContext.of(context);
    if (event.type !== 'item.deleted') return;
    if (await this.items.tombstone(manager, event.data.id, event.data.user_id, event.version)) {
      await this.favorites.forgetItem(manager, event.data.id);
    }
  }
}
