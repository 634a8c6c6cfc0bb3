import type { DataSource, EntityManager } from 'typeorm';
import type { SaleSnapshot } from '@garage/contracts';
import { SnapshotProjection } from '../projection.js';
import type { ProjectionWaiter } from '../projection-waiter.js';

/** A sale as a service copies it: its snapshot (dates `YYYY-MM-DD`, times `HH:MM`), version and tombstone. */
export type SaleRow = SaleSnapshot & { version: number; deleted: boolean };

/** The columns of `SaleRow`, read from a `sales` projection aliased `s`. */
export const SALE_COLUMNS = `s.id, s.user_id, s.title, s.description, s.address, s.city, s.state, s.zip_code,
  to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
  to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time,
  s.status, s.latitude, s.longitude, s.version, s.deleted`;

/**
 * A service's copy of the sales service's sales, fed by `sale.*` events (the `sales` table of items
 * and shopper: the snapshot's fields, `version`, `deleted`, `updated_at`). A deleted sale is kept as
 * a tombstone, so a redelivered or late event never rolls a sale back or brings a deleted one back.
 */
export class SaleProjection {
  private readonly snapshots = new SnapshotProjection<SaleSnapshot>({ name: 'sales', tombstones: true, touched: true }, (sale) => {
    // `sale.created` may also name the items listed with it (`item_ids`): not a column here.
    const { item_ids: _itemIds, ...row } = sale as SaleSnapshot & { item_ids?: number[] };
    return row;
  });

  constructor(
    protected readonly dataSource: DataSource,
    private readonly waiter: ProjectionWaiter,
  ) {}

  /** Applies a snapshot if it is newer than what is kept; returns whether it changed anything. */
  upsert(manager: EntityManager, sale: SaleSnapshot, version: number): Promise<boolean> {
    return this.snapshots.apply(manager, sale, version);
  }

  /**
   * Marks the sale deleted for good (a tombstone that keeps its last title and place, which a
   * deletion alert may name); returns whether it was live until now.
   */
  tombstone(manager: EntityManager, id: number, userId: number, version: number): Promise<boolean> {
    return this.snapshots.tombstone(manager, { id, user_id: userId }, version);
  }

  /** The sale as kept (tombstones included), or null when never heard of. */
  async find(id: number, manager: EntityManager = this.dataSource.manager): Promise<SaleRow | null> {
    const [row] = await manager.query(`SELECT ${SALE_COLUMNS} FROM sales s WHERE s.id = $1`, [id]);
    return row ?? null;
  }

  async findMany(ids: number[]): Promise<SaleRow[]> {
    return this.dataSource.query(`SELECT ${SALE_COLUMNS} FROM sales s WHERE s.id = ANY($1::int[])`, [ids]);
  }

  /**
   * A live sale, locked against concurrent sale events until the caller's transaction ends, so
   * what the caller writes about it follows the sale's current state.
   */
  async findLiveForShare(manager: EntityManager, id: number): Promise<Pick<SaleRow, 'id' | 'user_id'> | null> {
    const [row] = await manager.query(`SELECT id, user_id FROM sales WHERE id = $1 AND NOT deleted FOR SHARE`, [id]);
    return row ?? null;
  }

  /**
   * Waits up to `timeoutMs` for a sale this service has not heard of yet (its `sale.created` may
   * still be in flight right after the host created it); woken by the commit that applies it.
   * Returns at once for a known sale (tombstones included), null for one still unknown after the wait.
   */
  waitUntilKnown(id: number, timeoutMs: number): Promise<SaleRow | null> {
    return this.waiter.waitFor(
      'sale',
      id,
      () => this.find(id),
      (row) => row !== null,
      timeoutMs,
    );
  }

  /** The sales of `ids` this service knows, waiting as above (all at once) for the ones it does not yet. */
  async findManyWaiting(ids: number[], timeoutMs: number): Promise<SaleRow[]> {
    const known = await this.findMany(ids);
    const missing = [...new Set(ids)].filter((id) => !known.some((sale) => sale.id === id));
    const late = await Promise.all(missing.map((id) => this.waitUntilKnown(id, timeoutMs)));
    return [...known, ...late.filter((sale): sale is SaleRow => sale !== null)];
  }
}
