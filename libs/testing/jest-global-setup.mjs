// Jest's global setup (jest.preset.cjs): resolves PostgreSQL, RabbitMQ and Redis once per Jest run
// and hands the URLs to the workers through the environment they inherit. URLs already given (by
// the environment, or by a run around this one) pass through; containers, when it had to start
// them, are stopped by jest-global-teardown.mjs. Jest loads this file untransformed, so it uses
// the library's build (Nx builds it before any test target).
import { existsSync } from 'node:fs';

const built = new URL('./dist/index.js', import.meta.url);

export default async function globalSetup() {
  if (!existsSync(built)) throw new Error('libs/testing is not built: run `npx nx run @garage/testing:build` (npm test builds it).');
  const { resolveInfrastructure, resolvedInfrastructureEnv } = await import(built.href);
  const infra = await resolveInfrastructure();
  Object.assign(process.env, resolvedInfrastructureEnv(infra));
  // The teardown runs in this same process and finds here what to stop.
  globalThis.garageTestInfrastructure = infra;
}
