#!/usr/bin/env node
// Runs a command (npm test's Nx run of every project's tests) with PostgreSQL, RabbitMQ and Redis
// resolved once for all of it: the URLs go to the command's processes as GARAGE_TEST_* variables,
// which each Jest global setup passes through, so containers (where Docker is the only option)
// start once per run instead of once per project; they are stopped when the command ends.
//   node libs/testing/with-infrastructure.mjs <command> [args...]
import { spawn } from 'node:child_process';
import { resolveInfrastructure, resolvedInfrastructureEnv } from './dist/index.js';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: with-infrastructure.mjs <command> [args...]');
  process.exit(2);
}

const infra = await resolveInfrastructure();
const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...resolvedInfrastructureEnv(infra) } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((done) => child.on('exit', (status, signal) => done(status ?? (signal ? 1 : 0))));
await infra.stop();
process.exit(code);
