import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes the SPA's test counts to `.test-results/web.json`, so the last line of the root
 * `npm test` (libs/testing/test-summary.mjs) adds them up with every other project's, as the Jest
 * projects do through libs/testing/jest-summary-reporter.cjs.
 */
export class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const counts = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    for (const testModule of testModules) {
      // A file that failed before any test ran (a syntax or import error) counts as one failure.
      if (testModule.state() === 'failed' && testModule.children.size === 0) counts.failed += 1;
      for (const test of testModule.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    const dir = fileURLToPath(new URL('../../.test-results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}web.json`, JSON.stringify(counts));
  }
}
