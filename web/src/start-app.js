// Inlined verbatim into every page by web/scripts/prerender.ts; the CSP allows it by its hash
// (gateway/src/security-headers.ts, deploy/web/nginx.conf): change one, change the others.
//
// A prerendered page is on screen before the app's code has run, so its buttons and fields must
// not ignore a visitor. Until the app has taken the page over, taps on buttons (and checkboxes,
// radios), form submissions and typing are written down here; src/lib/early-input.ts replays them
// in order once the screen is live. Links need nothing: they are real `<a href>` and load their page.
const early = { steps: [], ready: false };
window.garageEarlyInput = early;
/** Where an element sits under #root (child indexes), to find its replacement if React re-rendered it. */
const pathOf = (element) => {
  const path = [];
  for (let node = element; node?.parentElement && node.id !== 'root'; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
};
const keep = (kind, target) => early.steps.push({ kind, target, path: pathOf(target), text: target.textContent });
const TAPPED = 'button, input[type="checkbox"], input[type="radio"], input[type="submit"], summary, [role="button"]';
addEventListener(
  'click',
  (event) => {
    const target = !early.ready && event.target instanceof Element && event.target.closest(TAPPED);
    if (!target || target.closest('a[href]') || !target.closest('#root')) return;
    event.preventDefault(); // a checkbox stays as it was, a submit button does not submit yet
    event.stopImmediatePropagation(); // nor does a half-started app act on it: it is replayed once
    keep('click', target);
  },
  true,
);
addEventListener(
  'submit',
  (event) => {
    if (early.ready || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    keep('submit', event.target);
  },
  true,
);
for (const type of ['input', 'change']) {
  addEventListener(
    type,
    (event) => {
      const { target } = event;
      if (
        early.ready ||
        !(target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement)
      )
        return;
      if (target.type === 'checkbox' || target.type === 'radio') return;
      if (early.steps.at(-1)?.target !== target) keep('value', target);
      early.steps.at(-1).value = target.value;
    },
    true,
  );
}

// The app's code is requested once the browser reports the first paint on screen, so a slow phone
// shows the page's HTML without waiting for it (a browser without paint entries starts after the
// first frame instead); a tab opened in the background starts it after a second at most.
// The page's other modules are then asked for a few at a time, one task each: starting a download
// costs the main thread a few milliseconds on a phone, and twenty in one go block it for 100 ms.
let started = false;
const start = () => {
  const app = document.querySelector('meta[name="garage:app"]');
  if (started || !app) return;
  started = true;
  import(app.content);
  const modules = [...document.querySelectorAll('meta[name="garage:module"]')].map((meta) => meta.content);
  const preloadSome = () => {
    const until = performance.now() + 3;
    while (modules.length && performance.now() < until) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = modules.shift();
      document.head.append(link);
    }
    if (modules.length) setTimeout(preloadSome);
  };
  setTimeout(preloadSome);
};
if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
} else requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 1000);
