import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { routes } from './route-table';

/**
 * The build's server entry (web/scripts/prerender.ts): the HTML of a public page as a visitor
 * sees it before any data has arrived, so a phone paints it before the app's code is downloaded.
 * `prerender` waits for the lazy screens, so the HTML holds the screen, not its spinner.
 */
export async function renderPage(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`prerendering ${url}: the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    // One piece: a screen is never sent as a fallback plus an inline script that swaps it in (the
    // CSP allows no inline script, and the page must be complete without the app's code).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
