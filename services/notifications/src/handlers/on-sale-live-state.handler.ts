import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxHandler, LiveUpdatesPublisher } from '@garage/service-kit';

/**
 * A sale's live state changed (decision 0276): every open tab is told, as sale objects tell
 * everyone, so "Winding down" shows on the sale, the browse list and map and a route plan without a
 * reload. Sales stamps exactly those `sale.updated` with `cause: {change: 'live_state'}`, so a host's
 * other edits tell nobody and no last-known state is kept here. Once per event (the inbox).
 */
@Controller()
export class OnSaleLiveStateHandler {
  constructor(@Inject(LiveUpdatesPublisher) private readonly live: LiveUpdatesPublisher) {}

  @InboxHandler('notifications.sale-live-state', ['sale.updated'])
  handle(@Payload() event: AnyEvent): void {
    if (event.type !== 'sale.updated' || event.data.cause?.change !== 'live_state') return;
    const sale = event.data;
    this.live.broadcast({ kind: 'sale', saleId: sale.id, liveState: sale.live_state ?? null, liveStateAt: sale.live_state_at ?? null });
  }
}
