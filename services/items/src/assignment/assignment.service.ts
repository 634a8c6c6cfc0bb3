import { Inject, Injectable } from '@nestjs/common';
import type { AssignItemsBody, TokenClaims } from '@garage/contracts';
import { Outbox } from '@garage/event-bus';
import { forbidden, notFound } from '@garage/service-kit';
import { toSnapshot } from '../items/item.row.js';
import { ItemsRepository } from '../items/items.repository.js';
import { ItemsService } from '../items/items.service.js';
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
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(ItemsService) private readonly itemsService: ItemsService,
    @Inject(ReservationEndings) private readonly endings: ReservationEndings,
  ) {}

  async assign(caller: TokenClaims, body: AssignItemsBody): Promise<{ assigned: number }> {
    const ids = [...new Set(body.itemIds)];
    const sale = await this.itemsService.knownSale(body.saleId);
    return this.outbox.transaction(async (manager, emit) => {
      const hostId = await this.itemsService.hostFor(manager, sale);
      if (hostId === null) throw notFound('Sale not found');
      if (hostId !== caller.userId) throw forbidden('You can only assign items to your own sale');
      const found = await this.items.lockForAssignment(manager, ids);
      if (found.length < ids.length) throw notFound('Item not found');
      if (found.some((item) => item.user_id !== caller.userId)) throw forbidden('You can only assign your own items');
      const moved = await this.items.assign(manager, ids, sale.id, sale);
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
