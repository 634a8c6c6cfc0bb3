import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { SaleSnapshot } from '@garage/contracts';
import { applySnapshot, applyTombstone, ProjectionWaiter, type ProjectionTable } from '@garage/event-bus';
import { InjectDataSource } from '@garage/service-kit';

/** What the items service needs to know of a sale to accept a write naming it. */
export interface SaleOwnership {
  id: number;
  user_id: number;
}

/**
 * The projection of sales, fed by `sale.*` events. Each upsert applies only a newer version, and a
 * deleted sale is kept as a tombstone, so a redelivered or late event never rolls a sale back or
 * brings a deleted one back.
 */
/** The sale snapshot's fields are this table's columns; deleted sales stay as tombstones. */
const SALES: ProjectionTable = { name: 'sales', tombstones: true, touched: true };

@Injectable()
export class SalesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ProjectionWaiter) private readonly projections: ProjectionWaiter,
  ) {}

  /** Applies a snapshot if it is newer than what is kept; returns whether it changed anything. */
  upsert(manager: EntityManager, sale: SaleSnapshot, version: number): Promise<boolean> {
    const { item_ids: _itemIds, ...row } = sale as SaleSnapshot & { item_ids?: number[] };
    return applySnapshot(manager, SALES, row, version);
  }

  /** Marks the sale deleted for good (a tombstone); returns whether it was live until now. */
  tombstone(manager: EntityManager, id: number, userId: number, version: number): Promise<boolean> {
    return applyTombstone(manager, SALES, { id, user_id: userId }, version);
  }

  /**
   * A live sale, locked against concurrent sale events until the caller's transaction ends, so an
   * item written into it copies the sale's current state (see ItemsRepository's sale copy).
   */
  async findLiveForShare(manager: EntityManager, id: number): Promise<SaleOwnership | null> {
    const [row] = await manager.query(`SELECT id, user_id FROM sales WHERE id = $1 AND NOT deleted FOR SHARE`, [id]);
    return row ?? null;
  }

  async exists(id: number): Promise<'live' | 'deleted' | 'unknown'> {
    const [row] = await this.dataSource.query(`SELECT deleted FROM sales WHERE id = $1`, [id]);
    if (!row) return 'unknown';
    return row.deleted ? 'deleted' : 'live';
  }

  /**
   * Waits up to `timeoutMs` for a sale this service has not heard of yet (its `sale.created` may
   * still be in flight right after the host created it); woken by the commit that applies it.
   * Returns at once for a known sale.
   */
  waitUntilKnown(id: number, timeoutMs: number): Promise<'live' | 'deleted' | 'unknown'> {
    return this.projections.waitFor(
      'sale',
      id,
      () => this.exists(id),
      (state) => state !== 'unknown',
      timeoutMs,
    );
  }
}
