import type { EntityManager } from 'typeorm';

/**
 * A service's local copy of another service's aggregates, fed by snapshot events. The table has
 * an `id` key and a `version` column; with `tombstones` a `deleted` flag, with `touched` an
 * `updated_at` column.
 */
export interface ProjectionTable {
  name: string;
  tombstones?: boolean;
  touched?: boolean;
  /** Columns a snapshot may leave out (null): the value already kept stays. */
  keepWhenNull?: string[];
}

/**
 * Asks the service that owns an aggregate for it, directly (see `Owners` in service-kit): its
 * current snapshot, or null when it has none. For a copy that misses the aggregate or would refuse
 * the caller on its word alone.
 */
export type AskOwner<S> = (id: number) => Promise<S | null>;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function ident(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Not a plain column or table name: ${name}`);
  return name;
}

/**
 * Writes `row` (column → value, `id` included) unless the projection already holds this version
 * or a newer one, or a tombstone: events may arrive twice or out of order. Returns whether it
 * changed anything.
 */
export async function applySnapshot(
  manager: EntityManager,
  table: ProjectionTable,
  row: Record<string, unknown>,
  version: number,
): Promise<boolean> {
  const name = ident(table.name);
  const columns = [...Object.keys(row).map(ident), 'version'];
  const values = [...Object.values(row), version];
  const keep = new Set(table.keepWhenNull ?? []);
  const assignments = columns
    .filter((column) => column !== 'id')
    .map((column) => (keep.has(column) ? `${column} = coalesce(EXCLUDED.${column}, ${name}.${column})` : `${column} = EXCLUDED.${column}`));
  if (table.touched) assignments.push('updated_at = now()');
  const rows: unknown[] = await manager.query(
    `INSERT INTO ${name} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (id) DO UPDATE SET ${assignments.join(', ')}
     WHERE ${name}.version < EXCLUDED.version${table.tombstones ? ` AND NOT ${name}.deleted` : ''}
     RETURNING id`,
    values,
  );
  return rows.length > 0;
}

/**
 * Marks an aggregate deleted for good (a tombstone that a late snapshot cannot bring back), keeping
 * what the table already knew of it; `row` holds the columns a first sight needs (`id` included).
 * Returns whether it was live until now.
 */
export async function applyTombstone(
  manager: EntityManager,
  table: ProjectionTable,
  row: Record<string, unknown>,
  version: number,
): Promise<boolean> {
  const name = ident(table.name);
  const columns = [...Object.keys(row).map(ident), 'version', 'deleted'];
  const values = [...Object.values(row), version, true];
  const rows: unknown[] = await manager.query(
    `INSERT INTO ${name} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (id) DO UPDATE SET deleted = true, version = GREATEST(${name}.version, EXCLUDED.version)${table.touched ? ', updated_at = now()' : ''}
     WHERE NOT ${name}.deleted
     RETURNING id`,
    values,
  );
  return rows.length > 0;
}

/**
 * One kind of aggregate as a service copies it: its table and how a snapshot maps onto a row (`id`
 * included). Applying goes through `applySnapshot`/`applyTombstone`, so a redelivered, stale or
 * late event never rolls the copy back.
 */
export class SnapshotProjection<S> {
  constructor(
    readonly table: ProjectionTable,
    private readonly toRow: (snapshot: S) => Record<string, unknown>,
  ) {}

  /** Applies a snapshot if it is newer than what is kept; returns whether it changed anything. */
  apply(manager: EntityManager, snapshot: S, version: number): Promise<boolean> {
    return applySnapshot(manager, this.table, this.toRow(snapshot), version);
  }

  /** Marks an aggregate deleted for good; returns whether it was live until now. */
  tombstone(manager: EntityManager, row: Record<string, unknown>, version: number): Promise<boolean> {
    if (!this.table.tombstones) throw new Error(`${this.table.name} keeps no tombstones`);
    return applyTombstone(manager, this.table, row, version);
  }
}
