import { Inject, Injectable } from '@nestjs/common';
import type { AssignItemsBody, TokenClaims } from '@garage/contracts';
import { Outbox } from '@garage/event-bus';
import { forbidden, notFound } from '@garage/service-kit';
import { toSnapshot } from '../items/item.row.js';
import { ItemsRepository } from '../items/items.repository.js';
import { ItemsService } from '../items/items.service.js';
import { SalesRepository } from '../projections/sales.repository.js';
import { ReservationEndings } from '../reservations/reservation-endings.js';

/**
 * Puts the caller's items into the caller's sale, all or nothing: every check runs inside the one
 * transaction that moves them (the sale locked for share, the items for update), so a refusal
 * leaves every item where it was.
 */
@Injectable()
export class AssignmentService {
  constructor(
    @Inject(ItemsRepository) private readonly items: ItemsRepository,
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(ItemsService) private readonly itemsService: ItemsService,
    @Inject(ReservationEndings) private readonly endings: ReservationEndings,
  ) {}

  async assign(caller: TokenClaims, body: AssignItemsBody): Promise<{ assigned: number }> {
    const ids = [...new Set(body.itemIds)];
    await this.itemsService.awaitSale(body.saleId);
    return this.outbox.transaction(async (manager, emit) => {
      const sale = await this.sales.findLiveForShare(manager, body.saleId);
      if (!sale) throw notFound('Sale not found');
      if (sale.user_id !== caller.userId) throw forbidden('You can only assign items to your own sale');
      const found = await this.items.lockForAssignment(manager, ids);
      if (found.length < ids.length) throw notFound('Item not found');
      if (found.some((item) => item.user_id !== caller.userId)) throw forbidden('You can only assign your own items');
      const moved = await this.items.assign(manager, ids, sale.id);
      for (const item of moved) {
        emit('item.updated', item.version, toSnapshot(item));
      }
      await this.endings.endMovedElsewhere(
        manager,
        emit,
        moved.map((item) => item.id),
        sale.id,
      );
      return { assigned: ids.length };
    });
  }
}
