// Prints the whole run's counts as one line ("N passed, N failed") from every project's results.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-results');
let files = [];
try {
  files = readdirSync(dir).filter((file) => file.endsWith('.json'));
} catch {
  /* no project reported */
}
const total = { passed: 0, failed: 0, skipped: 0 };
for (const file of files) {
  const counts = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  for (const key of Object.keys(total)) total[key] += counts[key] ?? 0;
  console.log(`  ${file.replace(/\.json$/, '').padEnd(12)} ${counts.passed} passed, ${counts.failed} failed`);
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
