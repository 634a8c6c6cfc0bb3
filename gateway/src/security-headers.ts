import type { FastifyInstance } from 'fastify';

/**
 * The one inline script the pages carry (web/src/start-app.js: it requests the app's code after
 * the first paint), allowed by its hash; gateway/test/web-assets.test.ts checks it is current.
 */
export const START_APP_SCRIPT_HASH = "'sha256-9TG8KymAysp7Cs6+RZYVkSaFuRVek7+4KjyZkz2OFi4='";

/**
 * Headers on every response. The CSP allows the map tiles and Stripe's card element, nothing else
 * from outside; inline styles are allowed for Leaflet's positioning (and the pages' inlined
 * stylesheet). No Cross-Origin-Opener-Policy: it made every visit from another site commit the
 * page twice (a browsing-context swap), which costs a phone's first load more than it protects a
 * bearer-token app that cannot be framed (docs/decisions.md, "No COOP").
 */
export const CSP = [
  "default-src 'self'",
  `script-src 'self' ${START_APP_SCRIPT_HASH} https://js.stripe.com`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.tile.openstreetmap.org",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every answer carries (bar its request id), as `[name, value, name, value, ...]`. */
export function securityHeaders(production: boolean): string[] {
  return [
    'content-security-policy',
    CSP,
    'x-content-type-options',
    'nosniff',
    'x-frame-options',
    'DENY',
    'referrer-policy',
    'strict-origin-when-cross-origin',
    'permissions-policy',
    'geolocation=(self), camera=(), microphone=(), payment=(self "https://js.stripe.com")',
    ...(production ? ['strict-transport-security', 'max-age=31536000; includeSubDomains'] : []),
  ];
}

export function addSecurityHeaders(fastify: FastifyInstance, production: boolean): void {
  const headers = securityHeaders(production);
  fastify.addHook('onSend', async (request, reply) => {
    for (let i = 0; i < headers.length; i += 2) void reply.header(headers[i]!, headers[i + 1]!);
    void reply.header('x-request-id', request.id);
    reply.removeHeader('x-powered-by');
  });
}
