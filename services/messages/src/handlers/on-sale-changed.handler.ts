import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler } from '@garage/service-kit';
import { SalesRepository } from '../sales/sales.repository.js';

/** Keeps the sales projection current: each sale's host, title and whether it takes messages. */
@Controller()
export class OnSaleChangedHandler {
  constructor(@Inject(SalesRepository) private readonly sales: SalesRepository) {}

  @InboxHandler('messages.sale-changed', ['sale.created', 'sale.updated', 'sale.deleted'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    const { manager } = InboxContext.of(context);
    if (event.type === 'sale.deleted') {
      await this.sales.tombstone(manager, event.data.id, event.data.user_id, event.version);
      return;
    }
    if (event.type !== 'sale.created' && event.type !== 'sale.updated') return;
    await this.sales.apply(manager, event.data, event.version);
  }
}
