import pg from 'pg';
import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';

export interface DatabaseOptions {
  /** postgres://user:pass@host:port/db */
  url: string;
  /** The service's own schema: every table it owns lives there, and nowhere else. */
  schema: string;
  entities?: MixedList<Function | string | EntitySchema>;
  migrations: MixedList<Function | string>;
  poolSize?: number;
  /** Extensions the service needs (`cube`, `earthdistance`, `pg_trgm`), created in `public`. */
  extensions?: string[];
}

/**
 * The TypeORM options of a service's data source: its own schema, `search_path` pinned to it so
 * plain SQL finds its tables, migrations only (never `synchronize`).
 */
export function dataSourceOptions(options: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities ?? [],
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    poolSize: options.poolSize ?? 10,
    // A database that does not answer fails a request in 10 s (a retryable 503) instead of holding
    // it until the operating system gives up on the connection.
    connectTimeoutMS: 10_000,
    extra: { options: `-c search_path=${quoteIdent(options.schema)},public`, application_name: options.schema },
  };
}

/**
 * Opens the service's data source: creates the database and schema when missing, then runs the
 * pending migrations under the schema's lock before the data source is handed out.
 */
export async function openDataSource(options: DatabaseOptions): Promise<DataSource> {
  await ensureDatabase(options.url);
  await ensureSchema(options.url, options.schema, options.extensions ?? []);
  const dataSource = new DataSource(dataSourceOptions(options));
  await dataSource.initialize();
  try {
    await migrateUnderLock(options.url, options.schema, () => dataSource.runMigrations());
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}

/**
 * Runs `migrate` holding one advisory lock per schema for the whole run, on a session of its own:
 * two replicas starting at once would otherwise both see a migration pending and both apply it.
 * The second waits, then finds nothing left to do.
 */
export async function migrateUnderLock<T>(url: string, schema: string, migrate: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: `${schema}.migrations` });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [MIGRATION_LOCK, schema]);
    return await migrate();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [MIGRATION_LOCK, schema]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** The first half of the two-key advisory locks that serialise a schema's migrations. */
const MIGRATION_LOCK = 7340002;

/**
 * Runs one of a service's hot statements as a named prepared statement: Postgres parses and plans
 * it once per connection instead of at every call (reading 50 rows by id costs less than planning
 * the join that reads them). A `name` must always stand for the same `text`.
 */
export async function queryPrepared<T extends object>(
  dataSource: DataSource,
  name: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const pool = (dataSource.driver as unknown as { master: pg.Pool }).master;
  const result = await pool.query<T>({ name, text, values });
  return result.rows;
}

/** Creates the database named in `url` if the server does not have it yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error; // 3D000: database does not exist
  } finally {
    await probe.end().catch(() => undefined);
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P04') throw error; // created meanwhile by a sibling
  } finally {
    await client.end();
  }
}

async function ensureSchema(url: string, schema: string, extensions: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Several services start at once against one database: serialise the DDL with an advisory lock.
    await client.query('SELECT pg_advisory_lock(7340001)');
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    for (const extension of extensions) {
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${quoteIdent(extension)} WITH SCHEMA public`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(7340001)').catch(() => undefined);
    await client.end();
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
