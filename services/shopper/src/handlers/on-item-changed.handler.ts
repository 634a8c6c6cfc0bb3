import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { Clock, InboxContext, InboxHandler } from '@garage/service-kit';
import { MatchesRepository } from '../matching/matches.repository.js';
import { ItemsRepository } from '../projections/items.repository.js';
import { lockSale } from '../projections/sale-lock.js';
import { requestMatchNotices } from '../notices/match-notices.js';

/**
 * Keeps the items projection current and matches an item against the saved searches whenever,
 * after the event, it is visible in search (unsold, in an active sale that has not ended): listed
 * in a sale, assigned to one, or edited so that it now matches. A reservation changes nothing
 * search reads, so it only updates the projection.
 */
@Controller()
export class OnItemChangedHandler {
  constructor(
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(MatchesRepository) private readonly matches: MatchesRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @InboxHandler('shopper.item-changed', ['item.created', 'item.updated', 'item.reserved'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    if (event.type !== 'item.created' && event.type !== 'item.updated' && event.type !== 'item.reserved') return;
    const item = event.data;
    if (item.garage_sale_id !== null) await lockSale(manager, item.garage_sale_id);
    const applied = await this.items.upsert(manager, item, event.version);
    if (!applied || event.type === 'item.reserved' || item.garage_sale_id === null) return;
    requestMatchNotices(emit, await this.matches.matchItem(manager, item.id, this.clock.now()));
  }
}
