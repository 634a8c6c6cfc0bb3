import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/** The service worker's fetch handler, run in a stand-in worker scope: which requests it answers. */
function fetchHandler(): (event: { request: { method: string; url: string; mode: string }; respondWith: (r: unknown) => void }) => void {
  const source = readFileSync(path.join(__dirname, 'service-worker.js'), 'utf8').replaceAll('__PRECACHE__', '[]');
  const listeners: Record<string, (event: never) => void> = {};
  const self = {
    location: { origin: 'https://garage.test' },
    addEventListener: (type: string, listener: never) => (listeners[type] = listener),
  };
  const caches = { open: vi.fn(async () => ({ put: vi.fn(), match: vi.fn() })), match: vi.fn(), keys: vi.fn(async () => []) };
  new Function('self', 'caches', 'fetch', source)(
    self,
    caches,
    vi.fn(async () => new Response('{}')),
  );
  return listeners.fetch as never;
}

describe('the service worker', () => {
  const answers = (pathname: string) => {
    const respondWith = vi.fn();
    fetchHandler()({ request: { method: 'GET', url: `https://garage.test${pathname}`, mode: 'cors' }, respondWith });
    return respondWith.mock.calls.length > 0;
  };

  it('keeps API answers for offline use', () => {
    expect(answers('/api/sales?lat=1')).toBe(true);
  });

  it('leaves the live stream to the network: it never ends, and its address carries the token', () => {
    expect(answers('/api/updates?token=abc')).toBe(false);
    expect(answers('/api/dev/mail')).toBe(false);
  });
});
