// Inlined verbatim into every page by web/scripts/prerender.ts; the CSP allows it by its hash
// (gateway/src/security-headers.ts, deploy/web/nginx.conf): change one, change the others.
// The app's code is requested after the first frame is painted, so a slow phone shows the page's
// HTML without waiting for it; a tab opened in the background starts it after a second at most.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const meta of document.querySelectorAll('meta[name="garage:module"]')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = meta.content;
    document.head.append(link);
  }
  import(document.querySelector('meta[name="garage:app"]').content);
};
requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 1000);
