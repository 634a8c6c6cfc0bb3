import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The SPA's imports flow one way: shared code (web/src/components, hooks, lib) -> features ->
 * app (web/src/app composes them). `no-restricted-imports` enforces it per folder:
 * - shared code imports neither a feature nor the app;
 * - a feature imports neither another feature nor the app.
 * Both the `@/` alias and relative paths are covered: a relative path leaves a folder only by
 * climbing out of it, so each folder depth in use gets its own pattern (flat config replaces, not
 * merges, a rule's options, hence one complete list per glob).
 */
const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED_FOLDERS = ['components', 'hooks', 'lib'];
const FOLDER_DEPTHS = [0, 1, 2, 3]; // <zone>/file, <zone>/components/file, ...
const featureImportMessage =
  'A feature does not import another feature: compose them in web/src/app (pass props or slots), or move what is shared to web/src/components, hooks or lib.';
const sharedImportMessage =
  'Shared code (web/src/components, hooks, lib) imports neither features nor the app: take what it needs as props or slots, composed in web/src/app.';
const appImportMessage = 'Only web/src/app composes screens; code it composes does not import it.';
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const up = (levels) => `^(?:\\./)?(?:\\.\\./){${levels}}`;
const pattern = (regex, message) => ({ regex, caseSensitive: true, message });
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

function sharedBoundaries(folder) {
  const aliased = pattern('^@/(?:features|app)(?:/|$)', sharedImportMessage);
  // From a file `depth` folders inside web/src/<folder>, depth + 1 `../` lead to web/src.
  const relative = (depth) => pattern(`${up(depth + 1)}(?:features|app)(?:/|$)`, sharedImportMessage);
  return [
    restrict([`web/src/${folder}/**`], [aliased]),
    ...FOLDER_DEPTHS.map((depth) => restrict([`web/src/${folder}/${'*/'.repeat(depth)}*`], [aliased, relative(depth)])),
  ];
}

function featureBoundaries(feature) {
  const notOwn = `(?!${escapeRegExp(feature)}(?:/|$))`;
  const aliased = [pattern(`^@/features/${notOwn}`, featureImportMessage), pattern('^@/app(?:/|$)', appImportMessage)];
  // From a file `depth` folders inside the feature, depth + 1 `../` lead to features/ (and one more, to src/).
  const relative = (depth) => [
    pattern(`${up(depth + 1)}(?:\\.\\./features/)?${notOwn}[^./]`, featureImportMessage),
    pattern(`${up(depth + 2)}app(?:/|$)`, appImportMessage),
  ];
  return [
    restrict([`web/src/features/${feature}/**`], aliased),
    ...FOLDER_DEPTHS.map((depth) => restrict([`web/src/features/${feature}/${'*/'.repeat(depth)}*`], [...aliased, ...relative(depth)])),
  ];
}

/**
 * Services talk through events and HTTP only, never through each other's code: a service's source
 * and tests import no other service's package and reach into no other service's folder by a
 * relative path; the gateway's source and every library import no service at all. What two
 * services share lives in libs/. The composition roots are exempt: deploy/* (the standalone process
 * and the stack start every service) and the gateway's tests, which start real services behind the
 * gateway. SERVICE_PACKAGES are the folders under services/ (each the package `@garage/<folder>`),
 * so a new service is covered as soon as its folder appears.
 */
const serviceFolders = readdirSync(new URL('./services', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SERVICE_PACKAGES = serviceFolders;
const serviceImportMessage =
  'A service imports no other service (nor the gateway or a library any service): talk through events or HTTP, and move shared code to libs/.';
/**
 * Cross-service tests kept with a service for now: payments' test harness starts auth to see a
 * membership reach it, sales' projection tests start auth for the stack topology, and notifications'
 * harness starts shopper, whose notice requests it delivers (its migration test starts shopper's
 * released schema to copy from).
 */
const CROSS_SERVICE_TESTS = [
  'services/payments/test/*harness.ts',
  'services/sales/test/projections.test.ts',
  'services/notifications/test/harness.ts',
  'services/notifications/test/migration.test.ts',
];

function serviceBoundaries(service) {
  const others = SERVICE_PACKAGES.filter((name) => name !== service).map(escapeRegExp);
  const packages = pattern(`^@garage/(?:${others.join('|')})(?:/|$)`, serviceImportMessage);
  // From a file `depth` folders inside services/<service>, depth + 1 `../` lead to services/; any
  // relative path naming a `services/` folder has left the service too.
  const relative = (depth) => [
    pattern(`${up(depth + 1)}(?!${escapeRegExp(service)}(?:/|$))[^./]`, serviceImportMessage),
    pattern('^\\.{1,2}/(?:.*/)?services/', serviceImportMessage),
  ];
  return FOLDER_DEPTHS.map((depth) => ({
    ...restrict([`services/${service}/${'*/'.repeat(depth)}*`], [packages, ...relative(depth)]),
    ignores: CROSS_SERVICE_TESTS,
  }));
}

const noService = [
  pattern(`^@garage/(?:${SERVICE_PACKAGES.map(escapeRegExp).join('|')})(?:/|$)`, serviceImportMessage),
  pattern('^\\.{1,2}/(?:.*/)?services/', serviceImportMessage),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/coverage/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // The SPA and the browser tests' page scripts run in a browser.
  { files: ['web/**'], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  ...SHARED_FOLDERS.flatMap(sharedBoundaries),
  ...features.flatMap(featureBoundaries),
  ...serviceFolders.flatMap(serviceBoundaries),
  restrict(['gateway/src/**', 'libs/**'], noService),
);
