import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP } from '@garage/gateway';

/**
 * Offline checks of the SPA's nginx.conf (compose and k8s web image); there is no nginx here to
 * run `nginx -t`. nginx drops every server-level add_header in a location that has one of its
 * own, so the rule is: headers at server level only.
 */
const conf = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/nginx.conf'), 'utf8')
  .split('\n')
  .map((line) => line.replace(/(^|\s)#.*$/, ''))
  .join('\n');

/** The map of the bodies of nginx's own errors, by page. */
const errorBodies = /map \$uri \$garage_nginx_error \{([\s\S]*?)\n\}/.exec(conf)![1]!;
const server = /server\s*\{([\s\S]*)\}\s*$/.exec(conf)![1]!;
const locations = [...server.matchAll(/location\s+(?:[=~^*]+\s+)?(\S+)\s*\{([^}]*)\}/g)].map(([, where, body]) => ({
  where: where!,
  body: body!,
}));
const serverLevel = locations.reduce((text, location) => text.replace(location.body, ''), server);
const directives = (text: string, name: string) =>
  // A value runs to the first `;` outside double quotes (the CSP has its own semicolons).
  [...text.matchAll(new RegExp(`(?:^|[;{\\s])${name}\\s+((?:"(?:\\\\.|[^"\\\\])*"|[^;"])+);`, 'g'))].map(([, value]) => value!.trim());

describe('nginx.conf (the SPA and /api in compose and k8s)', () => {
  it('sends the security headers on every response: set at server level, never overridden in a location', () => {
    const headers = directives(serverLevel, 'add_header').map((value) => value.split(/\s+/)[0]!.toLowerCase());
    expect(headers).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'permissions-policy',
      ]),
    );
    // Left out on purpose, as in the gateway (docs/decisions.md, "No COOP").
    expect(headers).not.toContain('cross-origin-opener-policy');
    expect(locations.map((location) => location.where)).toEqual(expect.arrayContaining(['/api/', '/assets/', '/']));
    for (const location of locations)
      expect({ location: location.where, add_header: directives(location.body, 'add_header') }).toEqual({
        location: location.where,
        add_header: [],
      });
    for (const value of directives(serverLevel, 'add_header').filter((value) => !/Cache-Control/i.test(value)))
      expect(value).toMatch(/ always$/);
  });

  it("uses the gateway's Content-Security-Policy, and hides the gateway's copies on /api", () => {
    const csp = directives(serverLevel, 'add_header').find((value) => value.startsWith('Content-Security-Policy'))!;
    expect(csp).toBe(`Content-Security-Policy "${CSP}" always`);
    const api = locations.find((location) => location.where === '/api/')!;
    expect(directives(api.body, 'proxy_hide_header')).toEqual(expect.arrayContaining(['Content-Security-Policy', 'X-Frame-Options']));
  });

  it('compresses: gzip on the fly and precompressed .gz files as they are', () => {
    expect(directives(serverLevel, 'gzip')).toEqual(['on']);
    expect(directives(serverLevel, 'gzip_static')).toEqual(['on']);
    expect(directives(serverLevel, 'gzip_types')[0]).toMatch(/application\/javascript.*text\/css|text\/css.*application\/javascript/);
  });

  it("passes the client's address to the gateway, replacing any the client sent", () => {
    const api = locations.find((location) => location.where === '/api/')!;
    const set = directives(api.body, 'proxy_set_header');
    expect(set).toContain('X-Forwarded-For $remote_addr');
    expect(set).toContain('X-Real-IP $remote_addr');
  });

  it('serves the prerendered pages for their addresses without a query string, the shell otherwise', () => {
    const map = /map\s+"\$uri\?\$args"\s+\$garage_page\s*\{([^}]*)\}/.exec(conf)![1]!;
    const entries = map
      .split(';')
      .map((entry) => entry.trim().split(/\s+/))
      .filter((entry) => entry.length === 2);
    expect(Object.fromEntries(entries)).toEqual({
      '"/?"': '/prerendered/home.html',
      '"/sales?"': '/prerendered/sales.html',
      '"/search?"': '/prerendered/search.html',
      '"~^/items/[^/]+/?\\?$"': '/prerendered/item.html',
      '"~^/community-sales/[^/]+/?\\?$"': '/prerendered/community-sale.html',
      default: '$uri',
    });
    const root = locations.find((location) => location.where === '/')!;
    expect(directives(root.body, 'try_files')).toEqual(['$garage_page $uri /index.html']);
  });

  it("answers nginx's own errors under /api in JSON, the contract's body, with Retry-After when worth retrying", () => {
    const api = locations.find((location) => location.where === '/api/')!;
    const pages = (text: string) =>
      Object.fromEntries(directives(text, 'error_page').map((value) => value.split(/\s+/) as [string, string]));
    // Before any location is chosen (a URL that does not decode): server level, JSON for every path.
    expect(pages(serverLevel)).toEqual({ '400': '/.nginx-errors/400', '408': '/.nginx-errors/408' });
    const codes = ['400', '408', '413', '500', '502', '503', '504'];
    expect(pages(api.body)).toEqual(Object.fromEntries(codes.map((code) => [code, `/.nginx-errors/${code}`])));
    for (const code of codes) {
      const page = locations.find((location) => location.where === `/.nginx-errors/${code}`)!;
      expect(page.body).toMatch(/\binternal;/);
      expect(directives(page.body, 'default_type')).toEqual(['application/json']);
      expect(directives(page.body, 'return')).toEqual([`${code} $garage_nginx_error`]);
      const body = new RegExp(`^\\s*/\\.nginx-errors/${code} '(.*)';$`, 'm').exec(errorBodies)![1]!;
      expect(Object.keys(JSON.parse(body))).toEqual(['error']);
    }
    const retryAfter = /map\s+"\$status:\$upstream_http_retry_after"\s+\$garage_retry_after\s*\{([^}]*)\}/.exec(conf)![1]!;
    expect(retryAfter).toMatch(/~\^50\[234\]:\$ 5;/);
    expect(directives(serverLevel, 'add_header')).toContain('Retry-After $garage_retry_after always');
  });

  it('keeps a request sent under /api/ there, as sent, even when it normalises out of /api', () => {
    const api = locations.find((location) => location.where === '/api/')!;
    expect(directives(api.body, 'proxy_pass')).toEqual(['http://$garage_gateway$request_uri']);
    expect(conf).toMatch(/map "\$request_uri" \$garage_raw_api \{\s*~\^\/api\/ 1;/);
    expect(serverLevel).toMatch(/if \(\$garage_api_escape\) \{\s*rewrite \^ \/api\/ last;/);
  });

  it("finds the gateway's replicas again every few seconds and sends a request a replica never got to the other", () => {
    const api = locations.find((location) => location.where === '/api/')!;
    const [resolver] = directives(serverLevel, 'resolver');
    expect(Number(/valid=(\d+)s/.exec(resolver!)![1])).toBeLessThanOrEqual(5);
    expect(directives(serverLevel, 'set')).toContain('$garage_gateway gateway:3000');
    // A request no gateway answered (refused, reset, closed unanswered) goes to the other one, a
    // write too; never after 10 s, so nothing a gateway held is sent twice.
    expect(directives(api.body, 'proxy_next_upstream')).toEqual(['error timeout non_idempotent']);
    expect(parseInt(directives(api.body, 'proxy_next_upstream_timeout')[0]!, 10)).toBeLessThan(30);
    // Within a few seconds when the gateway is gone; longer than its 30 s hold for a service.
    expect(parseInt(directives(api.body, 'proxy_connect_timeout')[0]!, 10)).toBeLessThanOrEqual(3);
    expect(parseInt(directives(api.body, 'proxy_read_timeout')[0]!, 10)).toBeGreaterThan(30);
  });

  it('does not route /metrics', () => {
    expect(locations.map((location) => location.where)).not.toContain('/metrics');
  });
});
