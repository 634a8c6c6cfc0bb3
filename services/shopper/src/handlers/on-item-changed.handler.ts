import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { Clock, InboxContext, InboxHandler } from '@garage/service-kit';
import { MatchesRepository } from '../matching/matches.repository.js';
import { ItemsRepository } from '../projections/items.repository.js';
import { lockSale } from '../projections/sale-lock.js';
import { requestMatchNotices } from '../notices/match-notices.js';
import { priceBefore, requestPriceDropNotices } from '../notices/price-drop-notices.js';

/**
 * Keeps the items projection current and matches an item against the saved searches whenever,
 * after the event, it is visible in search (unsold, in an active sale that has not ended): listed
 * in a sale, assigned to one, or edited so that it now matches. A reservation changes nothing
 * search reads, so it only updates the projection. A lower price is also told to the members who
 * saved the item or its sale or plan to visit it (price-drop-notices).
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
    const before = event.type === 'item.updated' ? await priceBefore(manager, item.id) : null;
    const applied = await this.items.upsert(manager, item, event.version);
    if (!applied || event.type === 'item.reserved' || item.garage_sale_id === null) return;
    const now = this.clock.now();
    requestMatchNotices(emit, await this.matches.matchItem(manager, item.id, now));
    // A cut by a sale-wide markdown is told once per markdown (markdown-notices), not per item.
    if (event.type === 'item.updated' && event.data.cause?.markdownId !== undefined) return;
    await requestPriceDropNotices(manager, emit, before, item, event.version, now);
  }
}
