import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import type { User } from '@garage/contracts';
import { sessionStore, setUser } from '@/lib/auth';
import { writeSession } from '@/lib/storage';

export const testUser: User = {
  id: 7,
  firstName: 'Pat',
  lastName: 'Host',
  email: 'pat@example.com',
  phone: '555-0100',
  isPremium: false,
  premiumExpiresAt: null,
  rating: 4.5,
  ratingCount: 12,
};

/** Starts a signed-in session as the app would after sign-in. */
export function signInAs(user: User = testUser, token = 'test-token'): User {
  writeSession(token, user);
  sessionStore.reload();
  setUser(user);
  return user;
}

export function signOutForTest(): void {
  window.localStorage.clear();
  sessionStore.reload();
}

interface RenderOptions {
  /** The URL to start at; defaults to `path`. */
  route?: string;
  /** The route pattern the element is mounted at (for useParams). */
  path?: string;
  /** More routes, e.g. the target of a navigation, as `{ path: '/login', element: <p>Login page</p> }`. */
  routes?: RouteObject[];
}

/** Renders a screen inside a memory router and a fresh query client (no retries, no cache sharing). */
export function renderScreen(element: ReactElement, { path = '/', route, routes = [] }: RenderOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path, element }, ...routes], { initialEntries: [route ?? path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

export interface RecordedCall {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces fetch with a tiny router: keys are "METHOD /path" (query string ignored). Unknown calls
 * answer 404 so a missing handler fails loudly. Every call is recorded.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call = { method, url, body, headers: new Headers(init.headers) };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return json({ error: `No handler for ${method} ${url.pathname}` }, 404);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** jsdom has no geolocation: tests give the browser one (or explicitly none). */
export function stubGeolocation(geolocation: Partial<Geolocation> | undefined): void {
  Object.defineProperty(window.navigator, 'geolocation', { value: geolocation, configurable: true });
}

export function removeGeolocation(): void {
  delete (window.navigator as { geolocation?: Geolocation }).geolocation;
}
