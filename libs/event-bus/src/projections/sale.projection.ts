import type { DataSource, EntityManager } from 'typeorm';
import type { CommunitySaleMembership, SaleSnapshot } from '@garage/contracts';
import { SnapshotProjection } from '../projection.js';
import type { AskOwner } from '../projection.js';
import { ensureProjectionTable, type ProjectionSchema, type SchemaRunner } from './projection-table.js';

/** A sale as a service copies it: its snapshot (dates `YYYY-MM-DD`, times `HH:MM`), version and tombstone. */
export type SaleRow = SaleSnapshot & { version: number; deleted: boolean };

/** The columns of `SaleRow`, read from a `sales` projection aliased `s`. */
export const SALE_COLUMNS = `s.id, s.user_id, s.title, s.description, s.address, s.city, s.state, s.zip_code,
  to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date,
  to_char(s.start_time, 'HH24:MI') AS start_time, to_char(s.end_time, 'HH24:MI') AS end_time,
  s.status, s.latitude, s.longitude, s.community_sale_id, s.community_sale_status, s.community_sale_number,
  s.live_state, to_char(s.live_state_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS live_state_at,
  s.payment_methods, s.address_visible_from, s.version, s.deleted`;

/**
 * The `sales` table of every service that copies the sales service's sales (items, shopper), in
 * one shape: the snapshot's fields, `version`, `deleted`, `updated_at`. A tombstone may be all
 * that is known of a sale, so its columns are nullable.
 */
export const SALES_PROJECTION: ProjectionSchema = {
  name: 'sales',
  tombstones: true,
  touched: true,
  columns: {
    user_id: 'integer',
    title: 'text',
    description: 'text',
    address: 'text',
    city: 'text',
    state: 'text',
    zip_code: 'text',
    start_date: 'date',
    end_date: 'date',
    start_time: 'time',
    end_time: 'time',
    status: 'text',
    latitude: 'double precision',
    longitude: 'double precision',
    // The community sale the sale is in (null: none), its standing there and its number.
    community_sale_id: 'integer',
    community_sale_status: 'text',
    community_sale_number: 'integer',
    // What the host or shoppers last said of the sale's day, and when (null: nothing said).
    live_state: 'text',
    live_state_at: 'timestamptz',
    // How the host takes money, and when members see the exact address (wall clock, sale's zone).
    payment_methods: 'text[]',
    address_visible_from: 'text',
    version: 'integer NOT NULL',
    deleted: 'boolean NOT NULL DEFAULT false',
    updated_at: 'timestamptz NOT NULL DEFAULT now()',
  },
  indexes: { sales_user: '(user_id)', sales_community_sale: '(community_sale_id) WHERE community_sale_id IS NOT NULL' },
};

/** Creates a service's `sales` projection, or brings the one an older migration made to this shape. */
export function ensureSalesProjection(runner: SchemaRunner): Promise<void> {
  return ensureProjectionTable(runner, SALES_PROJECTION);
}

/**
 * A service's copy of the sales service's sales, fed by `sale.*` events (the `sales` table of items
 * and shopper, `SALES_PROJECTION`). A deleted sale is kept as
 * a tombstone, so a redelivered or late event never rolls a sale back or brings a deleted one back.
 */
export class SaleProjection {
  private readonly snapshots = new SnapshotProjection<SaleSnapshot>(SALES_PROJECTION, saleColumns);

  constructor(
    protected readonly dataSource: DataSource,
    private readonly askOwner: AskOwner<SaleSnapshot>,
  ) {}

  /** Applies a snapshot if it is newer than what is kept; returns whether it changed anything. */
  upsert(manager: EntityManager, sale: SaleSnapshot, version: number): Promise<boolean> {
    return this.snapshots.apply(manager, sale, version);
  }

  /**
   * Applies a `community_sale.sale_joined/_approved/_left` to the sale kept here: its community sale
   * fields as of `version` (the sale's own version, which the matching `sale.updated` also carries).
   * Only a sale already kept and older than `version` changes, and its version stays, so the
   * matching `sale.updated` still applies in full; a sale not kept yet waits for its snapshot.
   * Returns whether it changed anything.
   */
  async applyMembership(manager: EntityManager, membership: CommunitySaleMembership, left: boolean, version: number): Promise<boolean> {
    // An UPDATE answers [rows, count].
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE sales SET community_sale_id = $2, community_sale_status = $3, community_sale_number = $4, updated_at = now()
       WHERE id = $1 AND version < $5 AND NOT deleted
         AND (community_sale_id, community_sale_status, community_sale_number) IS DISTINCT FROM ($2::integer, $3::text, $4::integer)
       RETURNING id`,
      left
        ? [membership.saleId, null, null, null, version]
        : [membership.saleId, membership.communitySaleId, membership.status, membership.number, version],
    );
    return rows.length > 0;
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
   * The sale as kept here, or, when this copy has not heard of it (its `sale.created` may be on its
   * way, or the broker down), as the sales service has it now (`fromOwner`); null when neither has
   * it. A tombstone kept here is answered as it is (deleted), without asking.
   */
  async findOrAsk(id: number): Promise<KnownSale | null> {
    const kept = await this.find(id);
    if (kept) return kept;
    const owned = await this.askOwner(id);
    return owned ? fromOwner(owned) : null;
  }

  /** The sales of `ids` (each once), as `findOrAsk` finds them; ids nobody has are left out. */
  async findManyOrAsk(ids: number[]): Promise<KnownSale[]> {
    const kept: KnownSale[] = await this.findMany(ids);
    const missing = [...new Set(ids)].filter((id) => !kept.some((sale) => sale.id === id));
    const owned = await Promise.all(missing.map((id) => this.askOwner(id)));
    return [...kept, ...owned.filter((sale): sale is SaleSnapshot => sale !== null).map(fromOwner)];
  }
}

/** A sale known here or to its owner; `fromOwner` when this copy does not hold it yet. */
export type KnownSale = SaleRow & { fromOwner?: true };

function fromOwner(sale: SaleSnapshot): KnownSale {
  return { ...(saleColumns(sale) as SaleSnapshot), version: 0, deleted: false, fromOwner: true };
}

/** The snapshot fields a copy keeps: `id` and the projection's columns. */
const KEPT_FIELDS = new Set(['id', ...Object.keys(SALES_PROJECTION.columns)]);

/**
 * A snapshot as the projection's columns. `sale.created` may also name the items listed with it
 * (`item_ids`) and `sale.updated` why it changed (`cause`): neither is a column. Nor is a field the
 * sales service added after the copy's shape (the live state): a copy keeps only the fields it has
 * columns for, so a producer's new field never fails its consumers. A snapshot without community
 * sale fields is of a sale in none (the sales service leaves them out then), so they are written as
 * nulls, never left as they were; one without a live state is of a sale nobody said anything of,
 * and one recorded before payment methods and address timing names none and shows the address now.
 */
function saleColumns(sale: SaleSnapshot): Record<string, unknown> {
  const row = Object.fromEntries(Object.entries(sale).filter(([field]) => KEPT_FIELDS.has(field))) as Partial<SaleSnapshot>;
  return {
    ...row,
    community_sale_id: row.community_sale_id ?? null,
    community_sale_status: row.community_sale_status ?? null,
    community_sale_number: row.community_sale_number ?? null,
    live_state: row.live_state ?? null,
    live_state_at: row.live_state_at ?? null,
    payment_methods: row.payment_methods ?? [],
    address_visible_from: row.address_visible_from ?? null,
  };
}
