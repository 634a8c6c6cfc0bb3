import { z } from 'zod';
import { ids, type Route, type Schema } from './fuzz-routes.js';

/**
 * The fuzz test's inputs and its judge: for each field of a body or query, values of the wrong
 * type, control characters, huge and odd numbers, very long text; for each body, malformed JSON and
 * bodies that are not objects; for each path id, ids that are not ids. An answer breaks the rules
 * when it is a 5xx, or an error whose body is not exactly `{"error": string}` (plus `details`).
 */

const CONTROL = ['a\u0000b', '\u0000', 'x\u0007\u001b[31m', 'line\nbreak', '\u007f'];
const HUGE = [1e308, -1e308, 2 ** 64, Number.MAX_SAFE_INTEGER + 2, 1.5, -1, 0];
const WRONG_TYPES = [true, {}, [], null, { $gt: '' }, ['a', 'b']];
const LONG = 'x'.repeat(100_000);

/** Bad values for one field, by the type its JSON schema gives. */
function badValues(property: { type?: string; anyOf?: Array<{ type?: string }> } | undefined): unknown[] {
  const types = new Set([property?.type, ...(property?.anyOf ?? []).map((option) => option.type)].filter(Boolean));
  const values: unknown[] = [...WRONG_TYPES, ...CONTROL, ...HUGE, LONG, '', '12abc', '1e400'];
  if (types.has('array'))
    values.push(
      [null],
      [1e308],
      ['a\u0000'],
      Array.from({ length: 5000 }, (_, i) => i),
      [[[]]],
    );
  if (types.has('object')) values.push({ zipCode: 'a\u0000' }, { latitude: 1e308, longitude: 'x' });
  return values;
}

/** Values for one query parameter (sent in the URL, so strings, encoded or raw). */
const BAD_QUERY_VALUES = [
  '%00',
  'a%00b',
  '%zz',
  '%',
  '1e400',
  '-1',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '0x10',
  '%1b%5b31m',
  'x'.repeat(5000),
];
const BAD_IDS = [
  '0',
  '-1',
  'abc',
  '1e400',
  '99999999999999999999',
  '2147483648',
  '1.5',
  '%00',
  'a%00b',
  '%zz',
  '%2e%2e',
  '0x10',
  '%20',
  'null',
];
const RAW_BODIES: Array<[string, string]> = [
  ['application/json', '{'],
  ['application/json', '{"a":'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '1e999'],
  ['application/json', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'],
  ['application/json', '['.repeat(5000) + ']'.repeat(5000)],
  ['application/json', '{"title":"\\u0000"}'],
  ['application/json', '\u0000'],
  ['application/json', ''],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
  ['application/xml', '<a/>'],
];

/** Probes the gateway `target()` names, as the user of its token; counts what it sent and keeps what broke the rules. */
export class Prober {
  readonly failures: string[] = [];
  sent = 0;

  constructor(private readonly target: () => { url: string; token: string }) {}

  /** One request; records what breaks the rules instead of failing at the first. */
  probe = async (method: string, path: string, options: { body?: string; type?: string; auth?: boolean } = {}): Promise<void> => {
    const headers: Record<string, string> = {};
    if (options.type) headers['content-type'] = options.type;
    if (options.auth !== false) headers.authorization = `Bearer ${this.target().token}`;
    this.sent += 1;
    let response: Response;
    try {
      response = await fetch(this.target().url + path, { method, headers, body: options.body });
    } catch (error) {
      this.failures.push(`${method} ${path.slice(0, 120)}: no answer (${String(error)})`);
      return;
    }
    const text = await response.text();
    const what = `${method} ${path.slice(0, 120)} ${options.body === undefined ? '' : `body ${options.body.slice(0, 120)}`} → ${response.status} ${text.slice(0, 200)}`;
    if (response.status >= 500) return void this.failures.push(what);
    if (response.status < 400 || response.status === 304) return;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return void this.failures.push(`${what} (not JSON)`);
    }
    if (!isErrorBody(body)) this.failures.push(`${what} (not the error format)`);
  };

  /** Every probe of one route, to run a few at a time (inBatches). */
  probesFor(route: Route): Array<() => Promise<void>> {
    const tasks: Array<() => Promise<void>> = [];
    const path = pathOf(route);
    const send = (body: unknown) => () => this.probe(route.method, path, { type: 'application/json', body: JSON.stringify(body) });
    if (route.body) {
      const base = route.valid?.() ?? {};
      for (const [field, property] of Object.entries(propertiesOf(route.body))) {
        for (const value of badValues(property)) tasks.push(send({ ...base, [field]: value }));
      }
      tasks.push(send({ ...base, unexpected: 'a\u0000', ['a\u0000']: 1 }));
    }
    if (route.method !== 'GET' && route.method !== 'DELETE') {
      for (const [type, body] of RAW_BODIES) tasks.push(() => this.probe(route.method, path, { type, body }));
      tasks.push(() =>
        this.probe(route.method, path, { type: 'application/json', body: JSON.stringify({ big: 'x'.repeat(2 * 1024 * 1024) }) }),
      );
    }
    if (route.query) {
      for (const field of Object.keys(propertiesOf(route.query))) {
        for (const value of BAD_QUERY_VALUES) tasks.push(() => this.probe(route.method, `${path}?${field}=${value}`));
        tasks.push(() => this.probe(route.method, `${path}?${field}=1&${field}=2&${field}[a]=x`));
      }
    }
    tasks.push(() => this.probe(route.method, `${path}?q=%00&limit=1e400&x=%zz`));
    if (route.path.includes(':')) for (const id of BAD_IDS) tasks.push(() => this.probe(route.method, pathOf(route, id)));
    tasks.push(() => this.probe(route.method, path, { auth: false }));
    return tasks;
  }
}

function isErrorBody(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  const record = body as Record<string, unknown>;
  if (typeof record.error !== 'string' || !keys.every((key) => key === 'error' || key === 'details')) return false;
  if (!('details' in record)) return true;
  return (
    Array.isArray(record.details) &&
    record.details.every(
      (detail) =>
        detail &&
        typeof detail === 'object' &&
        typeof detail.field === 'string' &&
        typeof detail.message === 'string' &&
        Object.keys(detail).length === 2,
    )
  );
}

function pathOf(route: Route, id?: string): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    if (id !== undefined) return id;
    if (name === 'name') return 'missing.jpg';
    if (name === 'none') return '999999';
    return String(ids[name as keyof typeof ids]);
  });
}

function propertiesOf(schema: Schema): Record<string, { type?: string; anyOf?: Array<{ type?: string }> }> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, never> };
  return json.properties ?? {};
}

/** Runs the probes a few at a time: enough to be quick, not so many that the machine drowns. */
export async function inBatches(tasks: Array<() => Promise<void>>, size = 6): Promise<void> {
  for (let start = 0; start < tasks.length; start += size) await Promise.all(tasks.slice(start, start + size).map((task) => task()));
}
