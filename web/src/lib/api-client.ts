import type { ErrorBody } from '@garage/contracts';

/**
 * The one HTTP client of the SPA. It adds the bearer token, turns `{error, details}` bodies into
 * an {@link ApiError}, and reports a 401 on an authenticated call so the session can end cleanly
 * (contract: an invalid or expired token is a 401 on every call, and the SPA then signs out).
 */

export class ApiError extends Error {
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  /** The server's `error` text, when it sent one. */
  readonly serverMessage: string | undefined;
  /** Validation messages by field name (`details` of a 400). */
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, serverMessage: string | undefined, fieldErrors: Record<string, string> = {}) {
    super(serverMessage ?? (status ? `Request failed with status ${status}` : 'Network error'));
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
  }
}

/** The server's text when there is one, else the screen's own fallback (spec section 8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * A page address whose id is not a record id (`/sales/abc`) names nothing: it is answered as the
 * API answers a missing record (404 with its text), without a call the API would refuse as a 400.
 */
export function requireRecordId(id: string, notFoundText: string): Promise<string> {
  return /^[1-9]\d{0,15}$/.test(id) ? Promise.resolve(id) : Promise.reject(new ApiError(404, notFoundText));
}

interface ClientConfig {
  getToken: () => string | null;
  onUnauthorized: () => void;
}

let config: ClientConfig = { getToken: () => null, onUnauthorized: () => {} };

/** Wired once by the session module; kept as a setter so the client has no React dependency. */
export function configureApiClient(next: Partial<ClientConfig>): void {
  config = { ...config, ...next };
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** Empty values (undefined, null, '') are left out of the query string. */
  query?: Record<string, QueryValue>;
  /** false for calls that must not carry the token (login, register). */
  auth?: boolean;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as ErrorBody).error === 'string';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A W3C trace context for one call: the server side (gateway, services, database, events) joins
 * the trace that starts here, so one id follows a click through the whole system.
 */
export function newTraceparent(): string {
  const hex = (bytes: number) =>
    Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `00-${hex(16)}-${hex(8)}-01`;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', traceparent: newTraceparent() };
  const token = auth ? config.getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, undefined);
  }

  const data = await readBody(response);
  if (response.ok) return data as T;

  if (response.status === 401 && token) config.onUnauthorized();
  if (isErrorBody(data)) {
    const fieldErrors: Record<string, string> = {};
    for (const detail of data.details ?? []) {
      fieldErrors[detail.field] ??= detail.message;
    }
    throw new ApiError(response.status, data.error, fieldErrors);
  }
  throw new ApiError(response.status, undefined);
}

/** A binary answer (a PDF), fetched with the signed-in user's token; an error answer throws `ApiError`. */
export async function authorizedBlob(path: string): Promise<Blob> {
  const token = config.getToken();
  const headers: Record<string, string> = { traceparent: newTraceparent() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(buildUrl(path), { headers });
  if (response.ok) return response.blob();
  if (response.status === 401 && token) config.onUnauthorized();
  throw new ApiError(response.status, undefined);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'DELETE' }),
};
