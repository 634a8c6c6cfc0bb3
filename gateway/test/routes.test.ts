import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_OPERATIONS } from '@garage/contracts';
import { ENDPOINTS, routeOf, type Endpoint } from '../src/index.js';

/**
 * The route table cannot drift: every call of the contract has exactly one entry in `ENDPOINTS`,
 * the file an entry names declares a handler for its method and path, the gateway's prefix table
 * sends the call to that service, and no controller serves an `/api` call the table leaves out.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const key = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;
const samplePath = (path: string) => path.replace(/\{[^}]+\}/g, '1');

const DECORATOR = /@(Controller|Get|Post|Put|Delete|Patch)\(\s*(?:'([^']*)')?/g;

/**
 * `METHOD /path/{param}` for each handler a controller file declares, read from its decorators: a
 * `@Get('sub')` belongs to the `@Controller('base')` above it.
 */
function handlersIn(file: string): string[] {
  const handlers: string[] = [];
  let base = '';
  for (const [, decorator, argument = ''] of readFileSync(`${ROOT}${file}`, 'utf8').matchAll(DECORATOR)) {
    if (decorator === 'Controller') {
      base = argument;
      continue;
    }
    const path = `/${base}/${argument}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
    handlers.push(`${decorator!.toUpperCase()} ${path.replace(/:([A-Za-z]+)/g, '{$1}')}`);
  }
  return handlers;
}

function controllerFiles(): string[] {
  const under = (dir: string) =>
    readdirSync(`${ROOT}${dir}`, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.controller.ts'))
      .map((name) => `${dir}/${name}`);
  const services = readdirSync(`${ROOT}services`).filter((name) => existsSync(`${ROOT}services/${name}/src`));
  return [...services.flatMap((service) => under(`services/${service}/src`)), ...under('gateway/src')];
}

describe('the route table', () => {
  it('has exactly one entry for every call of the contract, and none for a call it does not make', () => {
    for (const operation of API_OPERATIONS) {
      const entries = ENDPOINTS.filter((entry) => key(entry) === key(operation));
      expect({ call: key(operation), entries: entries.length }).toEqual({ call: key(operation), entries: 1 });
    }
    const calls = new Set(API_OPERATIONS.map(key));
    expect(ENDPOINTS.map(key).filter((entry) => !calls.has(entry))).toEqual([]);
  });

  it.each(ENDPOINTS.map((entry) => [key(entry), entry] as const))('%s: the named controller declares it', (_, entry: Endpoint) => {
    expect({ file: entry.file, exists: existsSync(`${ROOT}${entry.file}`) }).toEqual({ file: entry.file, exists: true });
    expect(handlersIn(entry.file)).toContain(key(entry));
  });

  it('sends each proxied call to the service the table names, by the gateway’s prefix match', () => {
    for (const entry of ENDPOINTS.filter((entry) => entry.service !== 'gateway')) {
      expect({ call: key(entry), service: routeOf(samplePath(entry.path)) }).toEqual({ call: key(entry), service: entry.service });
    }
  });

  it('leaves out no /api handler any controller declares', () => {
    const listed = new Set(ENDPOINTS.map((entry) => `${key(entry)} ${entry.file}`));
    const declared = controllerFiles().flatMap((file) =>
      handlersIn(file)
        .filter((handler) => handler.split(' ')[1]!.startsWith('/api/') || handler.endsWith(' /api'))
        .map((handler) => `${handler} ${file}`),
    );
    // The composed sale detail is also the sales service's own handler, which the gateway asks.
    const asked = 'GET /api/sales/{id} services/sales/src/sales/sales.controller.ts';
    expect(declared.filter((handler) => !listed.has(handler) && handler !== asked)).toEqual([]);
    expect(declared.length).toBeGreaterThanOrEqual(ENDPOINTS.length);
  });
});
