import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions, openDataSource, type DatabaseOptions } from '@garage/database';

/**
 * The service's data source as Nest's TypeORM module: repositories take `@InjectDataSource()` or
 * `@InjectRepository(Entity)` for the entities the service declares.
 *
 * Our factory opens it rather than TypeORM's default, so the database and schema are created when
 * missing and the migrations run under the schema's advisory lock before anything is served. Nest's
 * reconnect loop is off: a process that cannot reach its database fails its start at once, and the
 * orchestrator (or the test) decides what happens next.
 *
 * The module is global, so Nest shuts it down after the service's own modules: the data source is
 * destroyed only once requests, consumers and the outbox relay no longer use it.
 */
export function databaseModule(database: DatabaseOptions, entities: Function[]): DynamicModule[] {
  return [
    TypeOrmModule.forRootAsync({
      useFactory: () => ({ ...dataSourceOptions(database), toRetry: () => false }),
      dataSourceFactory: () => openDataSource(database),
    }),
    TypeOrmModule.forFeature(entities),
  ];
}
