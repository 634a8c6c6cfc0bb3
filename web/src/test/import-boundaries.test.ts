// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/** The repo's own ESLint config, applied to one import written in a file at `filePath`. */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../../', import.meta.url)) });

async function restrictedBy(filePath: string, specifier: string): Promise<string[]> {
  const code = `import { x } from '${specifier}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('import boundaries (shared -> features -> app)', () => {
  // ESLint loads the repo's config, plugins and the TypeScript parser on its first lint: seconds on
  // a busy machine, which would otherwise count against the first case's time limit.
  beforeAll(async () => {
    await restrictedBy('web/src/lib/format.ts', './cn');
  }, 60_000);

  it.each([
    ['web/src/components/layout/header.tsx', '@/features/alerts/components/alerts-bell'],
    ['web/src/components/layout/header.tsx', '../../features/alerts/components/alerts-bell'],
    ['web/src/components/badge.tsx', '@/app/router'],
    ['web/src/lib/format.ts', '../features/sales/api/sales'],
    ['web/src/lib/format.ts', '../app/router'],
    ['web/src/hooks/use-geolocation.ts', '@/features/search/api/search'],
  ])('refuses %s importing %s', async (file, specifier) => {
    expect(await restrictedBy(file, specifier)).toEqual([expect.stringContaining('Shared code')]);
  });

  it.each([
    ['web/src/features/sales/components/sale-card.tsx', '@/features/alerts/api/alerts'],
    ['web/src/features/sales/components/sale-card.tsx', '../../alerts/api/alerts'],
    ['web/src/features/sales/sale.ts', '../items/api/items'],
  ])('refuses a feature reaching another: %s importing %s', async (file, specifier) => {
    expect(await restrictedBy(file, specifier)).toEqual([expect.stringContaining('A feature does not import another feature')]);
  });

  it.each([
    ['web/src/features/sales/components/sale-card.tsx', '@/app/router'],
    ['web/src/features/sales/components/sale-card.tsx', '../../../app/router'],
  ])('refuses a feature importing the app: %s importing %s', async (file, specifier) => {
    expect(await restrictedBy(file, specifier)).toEqual([expect.stringContaining('Only web/src/app')]);
  });

  it.each([
    ['web/src/features/sales/components/sale-card.tsx', '../api/sales'],
    ['web/src/features/sales/components/sale-card.tsx', '@/features/sales/api/sales'],
    ['web/src/features/sales/components/sale-card.tsx', '@/components/ui/button'],
    ['web/src/components/layout/header.tsx', '../ui/button'],
    ['web/src/components/layout/header.tsx', '@/lib/auth'],
    ['web/src/app/router.tsx', '@/features/alerts/components/alerts-bell'],
    ['web/src/app/routes/sales/detail.tsx', '../../../features/sales/api/sales'],
  ])('allows %s importing %s', async (file, specifier) => {
    expect(await restrictedBy(file, specifier)).toEqual([]);
  });
});
