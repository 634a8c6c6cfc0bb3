import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { getRepositoryToken } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { openDataSource, type DatabaseOptions } from '@garage/database';

/**
 * The service's data source: repositories take `@InjectDataSource()` or `@InjectRepository(Entity)`
 * for the entities the service declares (the tokens are @nestjs/typeorm's, so its decorators work).
 *
 * Not `TypeOrmModule.forRoot`: its registry of data source names is global to the process, so the
 * standalone start (six services, one process, each with its own default data source) warned five
 * times that a name was taken, at every start. Our factory also opens the source itself: the
 * database and schema are created when missing and the migrations run under the schema's advisory
 * lock before anything is served. A process that cannot reach its database fails its start at
 * once, and the orchestrator (or the test) decides what happens next.
 *
 * The module is global, so Nest shuts it down after the service's own modules: the data source is
 * destroyed only once requests, consumers and the outbox relay no longer use it.
 */
export function databaseModule(database: DatabaseOptions, entities: Function[]): DynamicModule[] {
  const providers: Provider[] = [
    { provide: DataSource, useFactory: () => openDataSource(database) },
    { provide: EntityManager, inject: [DataSource], useFactory: (dataSource: DataSource) => dataSource.manager },
    ...entities.map((entity) => ({
      provide: getRepositoryToken(entity),
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => dataSource.getRepository(entity),
    })),
  ];
  return [{ module: ServiceDatabase, global: true, providers, exports: providers }];
}

@Global()
@Module({})
class ServiceDatabase implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
