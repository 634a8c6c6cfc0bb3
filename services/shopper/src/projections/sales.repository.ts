import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { SaleSnapshot, SaleStatus } from '@garage/contracts';
import { applySnapshot, applyTombstone, ProjectionWaiter, type ProjectionTable } from '@garage/event-bus';
import { InjectDataSource } from '@garage/service-kit';

/** A sale as this service keeps it; dates `YYYY-MM-DD`, times `HH:MM`. */
export interface SaleRow {
  id: number;
  user_id: number;
  title: string;
  description: string | null;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  status: SaleStatus;
  latitude: number | null;
  longitude: number | null;
  version: number;
  deleted: boolean;
}

export const SALE_COLUMNS = `s.id, s.user_id, s.title, s.description, s.address, s.city, s.state, s.zip_code,
  to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
  to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time,
  s.status, s.latitude, s.longitude, s.version, s.deleted`;

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

  /** The sale as kept (tombstones included), or null when never heard of. */
  async find(id: number, manager: EntityManager = this.dataSource.manager): Promise<SaleRow | null> {
    const [row] = await manager.query(`SELECT ${SALE_COLUMNS} FROM sales s WHERE s.id = $1`, [id]);
    return row ?? null;
  }

  async findMany(ids: number[]): Promise<SaleRow[]> {
    return this.dataSource.query(`SELECT ${SALE_COLUMNS} FROM sales s WHERE s.id = ANY($1::int[])`, [ids]);
  }

  /** Applies a snapshot if it is newer than what is kept; returns whether it changed anything. */
  upsert(manager: EntityManager, sale: SaleSnapshot, version: number): Promise<boolean> {
    // `sale.created` may also name the items listed with it (`item_ids`): not a column here.
    const { item_ids: _itemIds, ...row } = sale as SaleSnapshot & { item_ids?: number[] };
    return applySnapshot(manager, SALES, row, version);
  }

  /**
   * Marks the sale deleted for good (a tombstone that keeps its last title and place, which the
   * deletion alert names); returns whether it was live until now.
   */
  tombstone(manager: EntityManager, id: number, userId: number, version: number): Promise<boolean> {
    return applyTombstone(manager, SALES, { id, user_id: userId }, version);
  }

  /**
   * Waits up to `timeoutMs` for a sale this service has not heard of yet (its `sale.created` may
   * still be in flight right after the host created it); woken by the commit that applies it.
   * Returns at once for a known sale, null for one still unknown after the wait.
   */
  waitUntilKnown(id: number, timeoutMs: number): Promise<SaleRow | null> {
    return this.projections.waitFor(
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
