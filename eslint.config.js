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
);
