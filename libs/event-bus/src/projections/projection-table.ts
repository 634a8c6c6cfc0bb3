import type { ProjectionTable } from '../projection.js';

/** Runs SQL in a migration (TypeORM's `QueryRunner` is one). */
export interface SchemaRunner {
  query(sql: string): Promise<unknown>;
}

/**
 * One projection's table, defined once for every service that keeps it: its columns (`id integer
 * PRIMARY KEY` implied) as SQL definitions, its indexes, and how snapshots are applied to it.
 */
export interface ProjectionSchema extends ProjectionTable {
  /** Column → definition, as on a fresh table (`text`, `integer NOT NULL DEFAULT 0`). */
  columns: Record<string, string>;
  /** Index name → indexed expression (`(user_id)`). */
  indexes?: Record<string, string>;
}

/**
 * Creates the table, or brings a table made by an older migration to this shape with its rows
 * kept: missing columns are added (with their defaults), and a column the shape allows to be null
 * loses a NOT NULL an older migration gave it. Idempotent: each service's migration calls it, and
 * a later change to the shape is one more migration that calls it again.
 */
export async function ensureProjectionTable(runner: SchemaRunner, schema: ProjectionSchema): Promise<void> {
  const columns = Object.entries(schema.columns);
  await runner.query(
    `CREATE TABLE IF NOT EXISTS ${schema.name} (id integer PRIMARY KEY, ${columns.map(([name, type]) => `${name} ${type}`).join(', ')})`,
  );
  for (const [name, type] of columns) {
    await runner.query(`ALTER TABLE ${schema.name} ADD COLUMN IF NOT EXISTS ${name} ${type}`);
    if (!/\bNOT NULL\b/i.test(type)) await runner.query(`ALTER TABLE ${schema.name} ALTER COLUMN ${name} DROP NOT NULL`);
  }
  for (const [index, expression] of Object.entries(schema.indexes ?? {}))
    await runner.query(`CREATE INDEX IF NOT EXISTS ${index} ON ${schema.name} ${expression}`);
}
