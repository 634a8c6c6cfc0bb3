import { startService, type RunningService, type ServiceDefinition } from '@garage/service-kit';
import { serviceTestEnv, type ServiceTestEnv } from './service-env.js';

/**
 * An existing install upgraded in place: `definition` started with its migrations before `from`
 * (as released), `seed` run on that schema, then started again with all of them. The caller
 * closes the service and cleans up `testEnv`.
 */
export async function upgradedService(
  definition: ServiceDefinition<any>,
  from: Function,
  seed: (dataSource: RunningService<unknown>['dataSource']) => Promise<unknown>,
): Promise<{ testEnv: ServiceTestEnv; service: RunningService<unknown> }> {
  const index = definition.migrations.indexOf(from);
  if (index < 0) throw new Error(`${from.name} is not a migration of ${definition.name}`);
  const testEnv = await serviceTestEnv();
  const released = await startService({ ...definition, migrations: definition.migrations.slice(0, index) }, { env: testEnv.env });
  try {
    await seed(released.dataSource);
  } finally {
    await released.close();
  }
  return { testEnv, service: await startService(definition, { env: testEnv.env }) };
}
