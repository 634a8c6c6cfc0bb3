import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { usToday, type AnyEvent } from '@garage/contracts';
import { Clock, InboxContext, InboxHandler } from '@garage/service-kit';
import { CommunitySaleNotices } from '../notices/community-sale-notices.js';
import { CommunitySalesRepository } from '../projections/community-sales.repository.js';

/**
 * Keeps the community sales projection current; a cancel or a move to the rain date also tells
 * everyone concerned, once (see `CommunitySaleNotices`). They are told even when the snapshot is
 * stale (a later edit already applied): the change still happened, and its key keeps it once.
 */
@Controller()
export class OnCommunitySaleChangedHandler {
  constructor(
    @Inject(CommunitySalesRepository) private readonly communitySales: CommunitySalesRepository,
    @Inject(CommunitySaleNotices) private readonly notices: CommunitySaleNotices,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @InboxHandler('shopper.community-sale-changed', [
    'community_sale.created',
    'community_sale.updated',
    'community_sale.cancelled',
    'community_sale.moved_to_rain_date',
  ])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager, emit } = InboxContext.of(context);
    switch (event.type) {
      case 'community_sale.created':
      case 'community_sale.updated':
        await this.communitySales.upsert(manager, event.data, event.version);
        return;
      case 'community_sale.cancelled':
      case 'community_sale.moved_to_rain_date': {
        const { saleIds, ...snapshot } = event.data;
        await this.communitySales.upsert(manager, snapshot, event.version);
        await this.notices.request(manager, emit, event.version, {
          communitySaleId: snapshot.id,
          organizerId: snapshot.organizerId,
          name: snapshot.name,
          days: snapshot.days,
          saleIds,
          change:
            event.type === 'community_sale.cancelled'
              ? { kind: 'community_sale_cancelled' }
              : { kind: 'community_sale_moved', previousDays: event.data.previousDays },
          today: usToday(this.clock.now()),
        });
        return;
      }
      default:
        return;
    }
  }
}
