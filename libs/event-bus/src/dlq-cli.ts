#!/usr/bin/env node
// `npm run dlq -- <service> list|replay [id|--all]|drop [id|--all]`: see dead-letters.ts.
import { runDlqCommand } from './dead-letters.js';

runDlqCommand(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`dlq: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
