import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { refreshUser } from './lib/auth';
import './index.css';

// Start-up is cut into tasks, the browser getting the main thread back between them: evaluating the
// app's code, reading the stored session, building the router, then rendering. In one task they
// block a slow phone for a few hundred milliseconds, during which a tap waits. (Not a top-level await: with one, the bundler
// splits the shared code into many more files, each one more request.)
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
async function start() {
  await nextTask();
  // A stored session is confirmed (and the user refreshed) once per page load; this is also the
  // page's first read of local storage, a task of its own (see src/lib/auth.tsx).
  void refreshUser();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // As a transition: React yields to the browser every few milliseconds instead of blocking the
  // main thread for the whole tree. A prerendered page (web/scripts/prerender.ts) is hydrated: its
  // HTML stays on screen and becomes interactive; a screen whose code is still on its way keeps its
  // prerendered HTML until the code arrives.
  startTransition(() => {
    if (container.hasAttribute('data-prerendered')) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
void start();

// Installable and usable offline (src/service-worker.js): registered once the page has loaded and
// the browser is idle, so its precache never competes with the first visit's own downloads. The
// app's code itself starts after the first paint (src/start-app.js), often after the load event.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    void navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('service worker not registered', error));
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle);
}
