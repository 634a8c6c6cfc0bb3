import type { EntityManager } from 'typeorm';
import type { Emit } from '@garage/event-bus';

/**
 * What the item side needs of offers: when the owner sells, deletes or moves an item out of its
 * sale, its waiting offers are declined in the owner's same transaction (their shoppers told).
 * Offers implement it (`OfferEndings`), so the dependency runs one way: offers -> items.
 */
export abstract class WaitingOffers {
  abstract endForItems(manager: EntityManager, emit: Emit, itemIds: number[]): Promise<void>;
}
