import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { refreshUser } from './lib/auth';
import './index.css';

// A stored session is confirmed (and the user refreshed) once per page load.
void refreshUser();

// The first render as a transition: React yields to the browser every few milliseconds instead of
// blocking the main thread for the whole tree (less total blocking time on a slow phone).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// Installable and usable offline (src/service-worker.js): registered once the page has loaded, so
// it never competes with the first visit's own downloads.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('service worker not registered', error));
  });
}
