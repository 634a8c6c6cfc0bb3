// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fillShell, paintFirst, prerenderedScreensChunk, screenChunks } from '../../scripts/prerender';
import { renderPage } from './prerender';

describe('prerendered pages', () => {
  it('hold the whole screen as a visitor sees it, with no inline script to swap it in', async () => {
    const home = await renderPage('/');
    expect(home).toContain('Find amazing deals at garage sales near you</h1>');
    expect(home).toContain('Get Started Free');
    expect(home).toContain('<title>Garage: find garage sales near you</title>');
    expect(home).not.toMatch(/<script|<template/);

    const item = await renderPage('/items/0');
    expect(item).toContain('Loading item...');
    expect(item).not.toMatch(/<script|<template/);
  });

  it('go into a shell whose first paint needs nothing but the HTML', () => {
    const vite = [
      '<html><head><title>Garage</title>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-2.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-3.css">',
      '</head><body><div id="root"><header>bar</header></div>',
      '</body></html>',
    ].join('\n');
    const shell = paintFirst(vite, (file) => (file === 'assets/index-3.css' ? 'h1{color:red}' : ''), 'start();');
    expect(shell).not.toMatch(/<script [^>]*src=|modulepreload/);
    // Named for the screens' loader, which would fetch it again otherwise; disabled, so never fetched.
    expect(shell.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-3.css" disabled>',
    ]);
    expect(shell).toContain('<meta name="garage:app" content="/assets/index-1.js" />');
    expect(shell).toContain('<meta name="garage:module" content="/assets/react-2.js" />');
    expect(shell).toContain('<script type="module">start();</script>');
    expect(shell).toContain('<style>h1{color:red}</style>');

    const page = fillShell(shell, '<title>Sales | Garage</title><main>sales</main>');
    expect(page).toContain('<div id="root" data-prerendered><main>sales</main></div>');
    expect(page).toContain('<head><title>Sales | Garage</title>');
    expect(page).not.toContain('<header>bar</header>');
  });

  it("name the screen's own code beside the app's, so both download at once", () => {
    const chunk = (fileName: string, imports: string[], extra: object = {}) => ({ type: 'chunk', fileName, imports, ...extra });
    const bundle = {
      'assets/index-1.js': chunk('assets/index-1.js', ['assets/react-2.js'], { isEntry: true }),
      'assets/react-2.js': chunk('assets/react-2.js', []),
      'assets/detail-3.js': chunk('assets/detail-3.js', ['assets/react-2.js', 'assets/format-4.js'], {
        facadeModuleId: '/web/src/detail.tsx',
      }),
      'assets/format-4.js': chunk('assets/format-4.js', []),
      'assets/map-5.js': chunk('assets/map-5.js', [], { facadeModuleId: '/web/src/map.tsx' }),
      'assets/index-6.css': { type: 'asset', fileName: 'assets/index-6.css' },
    };
    expect(screenChunks(bundle, '/web/src/detail.tsx')).toEqual(['/assets/detail-3.js', '/assets/format-4.js']);
    expect(() => screenChunks(bundle, '/web/src/missing.tsx')).toThrow(/no chunk/);

    const shell =
      '<head><meta name="garage:app" content="/assets/index-1.js" />\n    <script type="module">start();</script></head><body><div id="root"></div>\n</body>';
    const page = fillShell(shell, '<main>item</main>', ['/assets/detail-3.js']);
    expect(page).toContain('<meta name="garage:module" content="/assets/detail-3.js" />\n    <script type="module">start();</script>');
    expect(page.indexOf('garage:app')).toBeLessThan(page.indexOf('detail-3'));
  });

  it("give each prerendered page the entry, the shared chunk and its screen's code in at most two chunks", () => {
    const imports: Record<string, string[]> = {
      '/web/src/main.tsx': ['/web/src/router.tsx'],
      '/web/src/router.tsx': ['/web/src/format.ts', '/web/src/auth.ts'],
      '/web/src/sales.tsx': ['/web/src/card.tsx', '/web/src/map.tsx', '/web/src/auth.ts', '/web/src/filters.tsx'],
      '/web/src/search.tsx': ['/web/src/card.tsx', '/web/src/field.tsx'],
      '/web/src/item.tsx': ['/web/src/field.tsx', '/web/src/gallery.tsx'],
      '/web/src/card.tsx': ['/web/src/format.ts'],
      '/web/src/gallery.tsx': ['/web/src/zoom.ts'],
      '/web/src/map.tsx': ['/web/src/tiles.ts'],
      '/web/src/filters.tsx': ['/web/src/tiles.ts'],
      '/web/src/field.tsx': [],
      '/web/src/format.ts': [],
      '/web/src/auth.ts': [],
      '/web/src/tiles.ts': [],
      '/web/src/zoom.ts': [],
      '/web/src/sale.tsx': ['/web/src/map.tsx', '/web/src/form.tsx'],
      '/web/src/form.tsx': [],
    };
    const importers = (id: string) => Object.keys(imports).filter((from) => imports[from]!.includes(id));
    const graph = {
      getModuleInfo: (id: string) => (id in imports ? { importedIds: imports[id]!, importers: importers(id) } : null),
    };
    const group = prerenderedScreensChunk('/web', ['src/sales.tsx', 'src/search.tsx', 'src/item.tsx'], 'src/main.tsx');
    const chunkOf = (id: string) => group.name(`/web/src/${id}`, graph);

    expect(chunkOf('card.tsx')).toBe('public'); // sales and search
    expect(chunkOf('format.ts')).toBe('public'); // through card, in both (the entry's too)
    expect(chunkOf('field.tsx')).toBe('public'); // search and item
    expect(chunkOf('map.tsx')).toBe('sales-shared'); // sales alone, and a sale's page
    expect(chunkOf('tiles.ts')).toBe('sales-shared'); // through the map
    expect(chunkOf('filters.tsx')).toBeNull(); // sales alone: stays in the screen's chunk
    expect(chunkOf('gallery.tsx')).toBeNull();
    expect(chunkOf('zoom.ts')).toBeNull();
    expect(chunkOf('auth.ts')).toBeNull(); // the entry loads it: stays with the entry
    expect(chunkOf('form.tsx')).toBeNull(); // no prerendered screen imports it
    expect(chunkOf('sales.tsx')).toBeNull(); // a screen heads its own chunk
    expect(group.includeDependenciesRecursively).toBe(false);
  });
});
