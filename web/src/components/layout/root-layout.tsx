import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Footer } from './footer';
import { Header, type HeaderProps } from './header';

/**
 * After a client-side navigation, focus moves to the main region, as a full page load would
 * reset it: keyboard and screen-reader users start at the new content, not in the old menu.
 */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}

/**
 * Every page opened from the address bar, a link from elsewhere or a bookmark has the location key
 * "default", so the router's default would give them one shared saved position: a fresh load
 * could open where another page was left. Such a load gets a key of its own (it opens at the top);
 * Back and Forward within the app keep their history entry's key and their position.
 */
const FRESH_LOAD_KEY = `load-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function scrollRestorationKey(location: { key: string }): string {
  return location.key === 'default' ? FRESH_LOAD_KEY : location.key;
}

export function RootLayout({ notifications }: Pick<HeaderProps, 'notifications'>) {
  const mainRef = useFocusMainOnNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[3000] rounded-md bg-blue-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <Header notifications={notifications} />
      {/* At least a screen tall: the footer starts below the fold, so a page filling in as its
          code and data arrive never pushes it around in view (layout shift). */}
      <main ref={mainRef} id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration getKey={scrollRestorationKey} />
    </div>
  );
}
