// Writes each Jest project's counts to .test-results/, so `npm test` can end with one line for all.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig, options) {
    this.name = (options && options.name) || path.basename(globalConfig.rootDir);
  }

  onRunComplete(_contexts, results) {
    const dir = path.join(__dirname, '../../.test-results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, `${this.name}.json`),
      JSON.stringify({
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
      }),
    );
  }
}

module.exports = SummaryReporter;
