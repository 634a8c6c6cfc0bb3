import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

/**
 * The public pages a first visit usually opens, prerendered at build time as a visitor sees them
 * before any data has arrived. `route` is the address (React Router's pattern) the servers answer
 * with `file` when the URL has no query string (a query string changes what the screen shows, so
 * such a visit gets the plain shell); `url` is what is rendered for it; `screen` is the module of its
 * screen, whose code the page names for download alongside the app's (not after it has run).
 */
export const PRERENDERED_PAGES = [
  { route: '/', url: '/', file: '/prerendered/home.html', screen: 'src/app/routes/landing.tsx' },
  { route: '/sales', url: '/sales', file: '/prerendered/sales.html', screen: 'src/app/routes/sales/browse.tsx' },
  { route: '/search', url: '/search', file: '/prerendered/search.html', screen: 'src/app/routes/search.tsx' },
  { route: '/items/:id', url: '/items/0', file: '/prerendered/item.html', screen: 'src/app/routes/items/detail.tsx' },
  {
    route: '/community-sales/:id',
    url: '/community-sales/0',
    file: '/prerendered/community-sale.html',
    screen: 'src/app/routes/community-sales/detail.tsx',
  },
] as const;

/** The list the gateway reads (gateway/src/web-assets.ts); nginx has the same table in its config. */
export const PRERENDERED_MANIFEST = '/prerendered/pages.json';

/** The tags Vite writes into index.html for the app's entry, its static imports and its stylesheet. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/;
/** The app's container, up to the end of the body: what the prerendered HTML replaces. */
const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;
const TITLE = /<title>[^<]*<\/title>/;
/** The inlined start script, after the app's own `<meta>` tags: the screen's go in before it. */
const START_SCRIPT = /<script type="module">/;

/**
 * Rewrites index.html for a first paint that needs nothing but the HTML: the stylesheet inlined
 * (one round trip less), and the app's scripts named in `<meta>` tags that `src/start-app.js`,
 * inlined, requests once the first frame is painted. The stylesheet's own `<link>` stays, disabled,
 * so never fetched: Vite's loader of a screen's code adds the screen's stylesheets unless a link to
 * them is in the page already, and without it every screen downloaded the inlined CSS again and
 * restyled the whole page with it (some 60 ms of a phone's main thread).
 */
export function paintFirst(html: string, stylesheet: (fileName: string) => string, startScript: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  const link = STYLESHEET.exec(html);
  if (!entry || !link) throw new Error('prerender: index.html has no entry script or stylesheet');
  const css = stylesheet(link[1]!);
  // A `</style>` inside the CSS would end the element early; Tailwind never writes one.
  if (css.includes('</style')) throw new Error('prerender: the stylesheet cannot be inlined');
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const metas = [
    `<meta name="garage:app" content="${entry[1]}" />`,
    ...modules.map((module) => `<meta name="garage:module" content="${module}" />`),
  ];
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY_SCRIPT, () => `\n    ${metas.join('\n    ')}\n    <script type="module">${startScript}</script>`)
    .replace(link[0], () => `<style>${css}</style>\n    ${link[0].replace('>', ' disabled>')}`);
}

/**
 * Puts a rendered screen into the shell: the app's HTML inside `#root` (marked so the app hydrates
 * it), the screen's `<title>`, which React renders in place, into the head, and its code's files
 * (`screenModules`) beside the app's, for src/start-app.js to request with them.
 */
export function fillShell(shell: string, appHtml: string, screenModules: readonly string[] = []): string {
  const title = TITLE.exec(appHtml)?.[0];
  const body = appHtml.replace(TITLE, '');
  let page = shell.replace(ROOT, (_match, end: string) => `<div id="root" data-prerendered>${body}</div>${end}`);
  if (page === shell) throw new Error('prerender: index.html has no #root to fill');
  if (screenModules.length > 0) {
    if (!START_SCRIPT.test(page)) throw new Error('prerender: the shell has no start script');
    const metas = screenModules.map((module) => `<meta name="garage:module" content="${module}" />\n    `).join('');
    page = page.replace(START_SCRIPT, (script) => `${metas}${script}`);
  }
  return title ? page.replace(TITLE, () => title) : page;
}

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[] } | null;
}

/**
 * A code-splitting group (Rolldown's `output.codeSplitting.groups`) that gives each prerendered
 * page few files: the app's entry, one chunk `public` with every module two or more of their
 * screens import, directly or not, and its screen's own code, in at most two chunks: what only
 * that screen uses, and `<screen>-shared`, what it shares with screens that are not prerendered (a
 * sale's page uses the sales list's add-to-plan button). Left to itself the bundler split that
 * code into a file per combination of screens sharing it, so a prerendered page asked for 13–22
 * files, and each file costs a phone's main thread tasks of its own (the request, the compile): in
 * alternating Lighthouse runs the four pages' blocking time fell by about a quarter with 4–8 files
 * each (docs/decisions.md). What the app's entry loads stays with the entry.
 */
export function prerenderedScreensChunk(
  webRoot: string,
  screens: readonly string[] = PRERENDERED_PAGES.map((page) => page.screen),
  entry = 'src/main.tsx',
) {
  const screenIds = screens.map((screen) => path.resolve(webRoot, screen));
  const reach = (graph: ModuleGraph, from: readonly string[], within?: Set<string>) => {
    const reached = new Set<string>();
    const walk = (id: string) => {
      if (reached.has(id) || (within && !within.has(id))) return;
      reached.add(id);
      for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) walk(imported);
    };
    from.forEach(walk);
    return reached;
  };
  let chunkOf: Map<string, string> | undefined;
  const assign = (graph: ModuleGraph) => {
    const fromEntry = reach(graph, [path.resolve(webRoot, entry)]);
    const chunks = new Map<string, string>();
    const screensReaching = new Map<string, number>();
    for (const screen of screenIds) {
      const own = reach(graph, [screen]);
      for (const id of own) screensReaching.set(id, (screensReaching.get(id) ?? 0) + 1);
      // Where other screens' code imports this screen's modules, and all those import in turn.
      const entered = [...own].filter((id) => graph.getModuleInfo(id)?.importers.some((importer) => !own.has(importer)));
      const name = `${path.basename(screen, path.extname(screen))}-shared`;
      for (const id of reach(graph, entered, own)) if (id !== screen && !fromEntry.has(id)) chunks.set(id, name);
    }
    // Last, so that a module two screens reach is in `public` even where one of them shares it.
    for (const [id, count] of screensReaching) if (count >= 2 && !screenIds.includes(id)) chunks.set(id, 'public');
    return chunks;
  };
  return {
    debugName: 'prerendered-screens',
    // Each module's chunk is chosen above; left on, a group's chunk would also take in the modules
    // it imports that no group has claimed yet, React's among them, and the entry would load it.
    includeDependenciesRecursively: false,
    name(id: string, graph: ModuleGraph): string | null {
      chunkOf ??= assign(graph);
      return chunkOf.get(id) ?? null;
    },
  };
}

/**
 * The files of a screen's code that the app's entry does not load already: the screen's chunk and
 * the chunks it imports, as the browser asks for them (`/assets/…`).
 */
export function screenChunks(
  bundle: Record<string, { type: string; fileName: string; facadeModuleId?: string | null; imports?: string[]; isEntry?: boolean }>,
  screen: string,
): string[] {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Set<string>();
  const walk = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) walk(imported, into);
  };
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) walk(entry.fileName, loaded);
  const screenChunk = chunks.find((chunk) => chunk.facadeModuleId === screen);
  if (!screenChunk) throw new Error(`prerender: no chunk for ${screen}`);
  const needed = new Set<string>();
  walk(screenChunk.fileName, needed);
  return [...needed].filter((fileName) => !loaded.has(fileName)).map((fileName) => `/${fileName}`);
}

/**
 * Rewrites index.html (paintFirst), then, after the client build, builds the server entry
 * (`src/app/prerender.tsx`), renders PRERENDERED_PAGES into copies of index.html and writes the
 * manifest. Runs before precompress, which then writes the pages' .br/.gz.
 */
export function prerenderPages({ configFile, entry, startScript }: { configFile: string; entry: string; startScript: string }): Plugin {
  let outDir = 'dist';
  let root = '';
  let mode = 'production';
  /** Per prerendered page, the files of its screen's code (from the client bundle). */
  const screenModules = new Map<string, string[]>();
  return {
    name: 'garage:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        for (const page of PRERENDERED_PAGES) {
          screenModules.set(page.file, screenChunks(bundle, path.resolve(root, page.screen)));
        }
        const stylesheet = (fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') throw new Error(`prerender: ${fileName} is not in the bundle`);
          return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        };
        return paintFirst(html, stylesheet, readFileSync(startScript, 'utf8').trim());
      },
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        // Inside node_modules so the server bundle finds React and the other packages it imports.
        const serverDir = path.join(root, 'node_modules/.prerender');
        rmSync(serverDir, { recursive: true, force: true });
        await build({
          configFile,
          mode,
          logLevel: 'warn',
          build: { ssr: entry, outDir: serverDir, emptyOutDir: true, sourcemap: false, minify: false },
        });
        const { renderPage } = (await import(pathToFileURL(path.join(serverDir, 'prerender.js')).href)) as {
          renderPage: (url: string) => Promise<string>;
        };
        const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        mkdirSync(path.join(outDir, path.dirname(PRERENDERED_MANIFEST)), { recursive: true });
        for (const page of PRERENDERED_PAGES) {
          writeFileSync(path.join(outDir, page.file), fillShell(shell, await renderPage(page.url), screenModules.get(page.file)));
        }
        writeFileSync(
          path.join(outDir, PRERENDERED_MANIFEST),
          `${JSON.stringify(PRERENDERED_PAGES.map(({ route, file }) => ({ route, file })))}\n`,
        );
        rmSync(serverDir, { recursive: true, force: true });
        console.log(`[prerender] ${PRERENDERED_PAGES.map((page) => page.route).join(', ')}`);
      },
    },
  };
}
