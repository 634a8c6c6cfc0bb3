import type { DataSource, EntityManager } from 'typeorm';
import type { CommunitySaleDay, CommunitySaleInternal, CommunitySaleSnapshot, CommunitySaleStatus } from '@garage/contracts';
import { SnapshotProjection, type AskOwner } from '../projection.js';
import { ensureProjectionTable, type ProjectionSchema, type SchemaRunner } from './projection-table.js';

/** A community sale as a service copies it: what its notices and its route plans need. */
export interface CommunitySaleRow {
  id: number;
  organizer_id: number;
  name: string;
  status: CommunitySaleStatus;
  days: CommunitySaleDay[];
  rain_date: string | null;
  version: number;
}

/**
 * The `community_sales` table of a service that copies the sales service's community sales
 * (shopper), fed by `community_sale.*` snapshots. Community sales are never deleted (a cancelled
 * one stays, `status`), so there are no tombstones. Which sales are in one is kept on each sale
 * (`SALES_PROJECTION`'s `community_sale_*` columns), not here.
 */
export const COMMUNITY_SALES_PROJECTION: ProjectionSchema = {
  name: 'community_sales',
  touched: true,
  columns: {
    organizer_id: 'integer NOT NULL',
    name: 'text NOT NULL',
    status: 'text NOT NULL',
    days: 'jsonb NOT NULL',
    rain_date: 'date',
    version: 'integer NOT NULL',
    updated_at: 'timestamptz NOT NULL DEFAULT now()',
  },
};

/** Creates a service's `community_sales` projection, or brings an older one to this shape. */
export function ensureCommunitySalesProjection(runner: SchemaRunner): Promise<void> {
  return ensureProjectionTable(runner, COMMUNITY_SALES_PROJECTION);
}

const COLUMNS = `c.id, c.organizer_id, c.name, c.status, c.days, to_char(c.rain_date, 'YYYY-MM-DD') AS rain_date, c.version`;

/** A community sale known here, or only to its owner (then `salesFromOwner`: the sales in it, by the owner's word). */
export type KnownCommunitySale = CommunitySaleRow & { salesFromOwner?: CommunitySaleInternal['sales'] };

/**
 * A service's copy of the sales service's community sales. Like `SaleProjection`, a miss is asked
 * of the owner (`GET /internal/community-sales/{id}`), whose answer serves that one request.
 */
export class CommunitySaleProjection {
  private readonly snapshots = new SnapshotProjection<CommunitySaleSnapshot>(COMMUNITY_SALES_PROJECTION, (sale) => ({
    id: sale.id,
    organizer_id: sale.organizerId,
    name: sale.name,
    status: sale.status,
    days: JSON.stringify(sale.days),
    rain_date: sale.rainDate,
  }));

  constructor(
    protected readonly dataSource: DataSource,
    private readonly askOwner: AskOwner<CommunitySaleInternal>,
  ) {}

  /** Applies a snapshot if it is newer than what is kept; returns whether it changed anything. */
  upsert(manager: EntityManager, sale: CommunitySaleSnapshot, version: number): Promise<boolean> {
    return this.snapshots.apply(manager, sale, version);
  }

  async find(id: number, manager: EntityManager = this.dataSource.manager): Promise<CommunitySaleRow | null> {
    const [row] = await manager.query(`SELECT ${COLUMNS} FROM community_sales c WHERE c.id = $1`, [id]);
    return row ?? null;
  }

  /** The community sale as kept here, or as the sales service has it now; null when neither has it. */
  async findOrAsk(id: number): Promise<KnownCommunitySale | null> {
    return (await this.find(id)) ?? this.ask(id);
  }

  /** The community sale and the sales in it as the sales service has them now (for an answer the copy would refuse); null when it has none. */
  async ask(id: number): Promise<KnownCommunitySale | null> {
    const owned = await this.askOwner(id);
    if (!owned) return null;
    const { communitySale: sale } = owned;
    return {
      id: sale.id,
      organizer_id: sale.organizerId,
      name: sale.name,
      status: sale.status,
      days: sale.days,
      rain_date: sale.rainDate,
      version: 0,
      salesFromOwner: owned.sales,
    };
  }
}
