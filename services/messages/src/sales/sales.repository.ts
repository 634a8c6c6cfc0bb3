import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { SaleSnapshot } from '@garage/contracts';
import { SaleProjection } from '@garage/event-bus';
import { InjectDataSource, OwnerUnreachable, Owners } from '@garage/service-kit';

/** What a conversation needs of its sale: who hosts it, what it is called, and whether it takes messages. */
export interface SaleForMessages {
  id: number;
  hostId: number;
  title: string | null;
  messagesEnabled: boolean;
  deleted: boolean;
}

/**
 * The messages service's copy of sales (see `SaleProjection`), with its own `messages_enabled`
 * beside the projection's columns (decision 0202): written from the same snapshot, only when the
 * projection applied it, so a stale or repeated event changes neither.
 */
@Injectable()
export class SalesRepository extends SaleProjection {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(Owners) private readonly owners: Owners,
  ) {
    super(dataSource, (id) => owners.sale(id));
  }

  /** Applies a `sale.created/updated` snapshot and the service's own column with it. */
  async apply(manager: EntityManager, sale: SaleSnapshot, version: number): Promise<void> {
    if (!(await this.upsert(manager, sale, version))) return;
    await manager.query(`UPDATE sales SET messages_enabled = $2 WHERE id = $1`, [sale.id, sale.messages_enabled ?? true]);
  }

  /**
   * The sale as kept here, or as the sales service has it now when this copy has not heard of it
   * yet or would refuse the caller (deleted, or messages off: the host may have just turned them
   * on). The owner's word serves this request only and is never written here; when the owner
   * cannot be asked, the copy's refusal stands (a miss is 503). Null when neither has the sale.
   */
  async forMessages(id: number): Promise<SaleForMessages | null> {
    const [kept] = await this.dataSource.query(`SELECT id, user_id, title, messages_enabled, deleted FROM sales WHERE id = $1`, [id]);
    const copy: SaleForMessages | null = kept
      ? { id: kept.id, hostId: kept.user_id, title: kept.title, messagesEnabled: kept.messages_enabled, deleted: kept.deleted }
      : null;
    if (copy && copy.messagesEnabled && !copy.deleted) return copy;
    let owned: SaleSnapshot | null;
    try {
      owned = await this.owners.sale(id);
    } catch (error) {
      if (copy && error instanceof OwnerUnreachable) return copy;
      throw error;
    }
    if (!owned) return copy ? { ...copy, deleted: true } : null;
    return { id: owned.id, hostId: owned.user_id, title: owned.title, messagesEnabled: owned.messages_enabled ?? true, deleted: false };
  }
}
