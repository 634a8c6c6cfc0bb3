import type { EntityManager } from 'typeorm';
import type { UserSnapshot } from '@garage/contracts';

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

/** The columns every service keeps of a user (the snapshot is camelCase, projections snake_case). */
export function userRow(user: UserSnapshot) {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    rating: user.rating,
    rating_count: user.ratingCount,
    premium_expires_at: user.premiumExpiresAt,
  };
}
