import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The SPA's feature folders (web/src/features/<feature>) do not import each other: shared code
 * (components, hooks, lib) -> features -> app (web/src/app composes them). For every feature,
 * `no-restricted-imports` refuses `@/features/<other>/...`; a relative path reaches another feature
 * only by climbing out of its own, so the folder depths in use also get `../<other>/...` refused.
 */
const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_FOLDER_DEPTHS = [0, 1, 2, 3]; // features/<f>/file, features/<f>/components/file, ...
const featureImportMessage =
  'A feature does not import another feature: compose them in web/src/app (pass props or slots), or move what is shared to web/src/components, hooks or lib.';
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function featureBoundaries(feature) {
  const notOwn = `(?!${escapeRegExp(feature)}(?:/|$))`;
  const aliased = { regex: `^@/features/${notOwn}`, caseSensitive: true, message: featureImportMessage };
  // From a file `depth` folders inside the feature, depth + 1 `../` lead to features/ (and one more, to src/).
  const relative = (depth) => ({
    regex: `^(?:\\./)?(?:\\.\\./){${depth + 1}}(?:\\.\\./features/)?${notOwn}[^./]`,
    caseSensitive: true,
    message: featureImportMessage,
  });
  return [
    { files: [`web/src/features/${feature}/**`], rules: { 'no-restricted-imports': ['error', { patterns: [aliased] }] } },
    ...FEATURE_FOLDER_DEPTHS.map((depth) => ({
      files: [`web/src/features/${feature}/${'*/'.repeat(depth)}*`],
      rules: { 'no-restricted-imports': ['error', { patterns: [aliased, relative(depth)] }] },
    })),
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
  ...features.flatMap(featureBoundaries),
);
