import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEvent, EventType } from '@garage/contracts';
import type { EventHandler } from '@garage/event-bus';
import { Clock } from '@garage/service-kit';
import { MatchesRepository } from '../matching/matches.repository.js';
import { AlertEmailJob } from '../notifications/alert-email.job.js';
import { ItemsRepository } from './items.repository.js';
import { lockSale } from './sale-lock.js';

/**
 * Keeps the items projection current and matches an item against the saved searches whenever,
 * after the event, it is visible in search (unsold, in an active sale that has not ended): listed
 * in a sale, assigned to one, or edited so that it now matches. A reservation changes nothing
 * search reads, so it only updates the projection.
 */
@Injectable()
export class OnItemChangedHandler implements EventHandler {
  readonly id = 'shopper.item-changed';
  readonly events: EventType[] = ['item.created', 'item.updated', 'item.reserved'];

  constructor(
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(MatchesRepository) private readonly matches: MatchesRepository,
    @Inject(AlertEmailJob) private readonly emails: AlertEmailJob,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async handle(event: AnyEvent, manager: EntityManager): Promise<void> {
    if (event.type !== 'item.created' && event.type !== 'item.updated' && event.type !== 'item.reserved') return;
    const item = event.data;
    if (item.garage_sale_id !== null) await lockSale(manager, item.garage_sale_id);
    const applied = await this.items.upsert(manager, item, event.version);
    if (!applied || event.type === 'item.reserved' || item.garage_sale_id === null) return;
    const created = await this.matches.matchItem(manager, item.id, this.clock.now());
    if (created.some((match) => match.email_status === 'pending')) this.emails.soon();
  }
}
