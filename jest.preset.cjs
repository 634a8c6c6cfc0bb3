// Shared Jest setup for every Node project: ESM mode, SWC transform, workspace libraries mapped to
// their sources so tests never depend on a previous build.
const path = require('node:path');

const workspace = {
  contracts: 'libs/contracts',
  'service-kit': 'libs/service-kit',
  database: 'libs/database',
  'event-bus': 'libs/event-bus',
  'payment-provider': 'libs/payment-provider',
  print: 'libs/print',
  testing: 'libs/testing',
  auth: 'services/auth',
  sales: 'services/sales',
  items: 'services/items',
  media: 'services/media',
  payments: 'services/payments',
  shopper: 'services/shopper',
  gateway: 'gateway',
};
const moduleNameMapper = { '^(\\.{1,2}/.*)\\.js$': '$1' };
for (const [name, dir] of Object.entries(workspace)) {
  moduleNameMapper[`^@garage/${name}$`] = path.join(__dirname, dir, 'src/index.ts');
}

module.exports = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  // PostgreSQL, RabbitMQ and Redis are resolved once per run (containers started once when needed)
  // and handed to every test file through the environment.
  globalSetup: path.join(__dirname, 'libs/testing/jest-global-setup.mjs'),
  globalTeardown: path.join(__dirname, 'libs/testing/jest-global-teardown.mjs'),
  reporters: ['default', path.join(__dirname, 'libs/testing/jest-summary-reporter.cjs')],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        module: { type: 'es6' },
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          keepClassNames: true,
        },
      },
    ],
  },
};
