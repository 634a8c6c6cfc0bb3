import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { EventHandler } from '@garage/event-bus';
import { FavoritesRepository } from '../favorites/favorites.repository.js';
import { ItemsRepository } from './items.repository.js';

/** A deleted item leaves a tombstone and the Saved pages it was on. Its alerts stay (they say what was found). */
@Injectable()
export class OnItemDeletedHandler implements EventHandler {
  readonly id = 'shopper.item-deleted';
  readonly events: EventType[] = ['item.deleted'];

  constructor(
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(FavoritesRepository) private readonly favorites: FavoritesRepository,
  ) {}

  async handle(event: AnyEvent, manager: EntityManager): Promise<void> {
    if (event.type !== 'item.deleted') return;
    if (await this.items.tombstone(manager, event.data.id, event.data.user_id, event.version)) {
      await this.favorites.forgetItem(manager, event.data.id);
    }
  }
}
