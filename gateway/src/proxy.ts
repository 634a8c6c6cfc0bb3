import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { ApiError, notFound, recordHttpRequest, tooManyRequests, tracingEnabled, type ErrorFilter, type Logger } from '@garage/service-kit';
import { clientAddress, clientProtocol, type ProxyTrust } from './client-address.js';
import type { GatewayConfig } from './config.js';
import type { Lifecycle } from './lifecycle.js';
import { OVER_BUDGET, type RequestBudget } from './request-budget.js';
import { routeOf, type ServiceName } from './routes.js';
import { SALE_ID } from './sale-detail.js';
import { securityHeaders } from './security-headers.js';
import type { TokenCheck } from './token-check.js';
import { serviceUnavailable, type Relay, type Upstreams } from './upstreams.js';

/** Headers that describe one hop, or an identity only the gateway may assert: never forwarded. */
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-user-id',
  'x-user-email',
  'x-user',
  'x-authenticated-user',
]);
const DROPPED_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'x-powered-by', 'server', 'date']);
/** The route label of every proxied call in metrics and traces (Fastify's name for the catch-all route). */
const ROUTE = '/api/*';
/** Answers up to this size are sent in one write once whole; larger ones stream. */
const WHOLE_BYTES = 256 * 1024;

export interface ProxyOptions {
  upstreams: Upstreams;
  tokens: TokenCheck;
  config: GatewayConfig;
  budget: RequestBudget | null;
  errors: ErrorFilter;
  logger: Logger;
  trust: ProxyTrust | false;
  /** Shutting down: from the drain on, answers ask the client to close its connection. */
  lifecycle: Lifecycle;
}

/**
 * The gateway's hot path: an API call that a service answers is taken from Node's HTTP server
 * before Fastify and Nest see it, and piped both ways. Per call it does only what the edge must:
 * the request budget, the token check, the service's address, the identity headers, the security
 * headers, and a metric. Everything else under /api (health, docs, the composed sale detail, CORS
 * preflights, URLs that do not decode) goes on to Fastify, whose catch-all route hands what is
 * left back to `forward`.
 */
export class ApiProxy {
  private readonly answerHeaders: string[];
  /** The service's headers that the gateway's own replace. */
  private readonly replaced: Set<string>;
  private readonly origins: Set<string>;

  constructor(private readonly options: ProxyOptions) {
    this.answerHeaders = securityHeaders(options.config.NODE_ENV === 'production');
    this.replaced = new Set([...DROPPED_RESPONSE_HEADERS, ...this.answerHeaders.filter((_, i) => i % 2 === 0), 'x-request-id']);
    this.origins = new Set(
      options.config.CORS_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    );
  }

  /** Takes a plain proxied call and answers it; false leaves the request to Fastify. */
  take(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '';
    if (!url.startsWith('/api/') || request.method === 'OPTIONS') return false;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const service = routeOf(path);
    if (!service || (path.includes('%') && !decodes(path))) return false;
    if ((request.method === 'GET' || request.method === 'HEAD') && path.startsWith('/api/sales/') && SALE_ID.test(path.slice(11)))
      return false;
    const id = requestId(request);
    const started = process.hrtime.bigint();
    response.once('close', () => this.finished(request, response, id, started));
    this.answer(request, response, id, service, true).catch((error: unknown) => this.fail(error, request, response, id));
    return true;
  }

  /**
   * A call Fastify routed here (its catch-all route, or a sale path that is not a sale id): the
   * proxy writes the answer itself; budget, metrics and log are Fastify's hooks'.
   */
  forwardFrom(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    void reply.hijack();
    return this.forward(request.raw, reply.raw, request.id);
  }

  private forward(request: IncomingMessage, response: ServerResponse, id: string): Promise<void> {
    const path = (request.url ?? '').split('?')[0]!;
    const service = routeOf(path);
    if (!service) {
      this.fail(notFound('Not found'), request, response, id);
      return Promise.resolve();
    }
    return this.answer(request, response, id, service, false).catch((error: unknown) => this.fail(error, request, response, id));
  }

  private async answer(
    request: IncomingMessage,
    response: ServerResponse,
    id: string,
    service: ServiceName,
    spendBudget: boolean,
  ): Promise<void> {
    const { upstreams, tokens, config, budget, trust } = this.options;
    const address = clientAddress(request, trust);
    if (spendBudget && budget) {
      const spent = budget.spend(address);
      const retryAfter = spent === null ? null : await spent;
      if (retryAfter !== null) throw tooManyRequests(retryAfter, OVER_BUDGET);
    }
    // A present token must be valid, on public calls too (a verified one is remembered).
    if (request.headers.authorization) await tokens.viewer(request.headers.authorization);

    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !DROPPED_REQUEST_HEADERS.has(name) && !name.startsWith('x-user-')) headers[name] = value;
    }
    headers['x-forwarded-for'] = address;
    headers['x-forwarded-proto'] = clientProtocol(request, trust);
    headers['x-request-id'] = id;

    const method = request.method ?? 'GET';
    const limit = request.url!.startsWith('/api/upload/') ? config.UPLOAD_LIMIT_BYTES : config.BODY_LIMIT_BYTES;
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limit) throw new ApiError(413, 'Request body is too large');
    const hasBody = method !== 'GET' && method !== 'HEAD' && (declared > 0 || request.headers['transfer-encoding'] !== undefined);

    // The server span (the HTTP instrumentation's) is named after the route, and a client span
    // for the hop, so the service's span hangs under the gateway's in the trace.
    let span = null;
    if (tracingEnabled()) {
      trace.getActiveSpan()?.updateName(`${method} ${ROUTE}`).setAttribute('http.route', ROUTE);
      span = trace
        .getTracer('garage')
        .startSpan(`${method} ${service}`, { kind: SpanKind.CLIENT, attributes: { 'server.address': service } });
    }
    propagation.inject(span ? trace.setSpan(context.active(), span) : context.active(), headers);

    try {
      if (method === 'GET' || method === 'HEAD') {
        await upstreams.relay(service, { path: request.url!, method, headers }, this.relayTo(request, response, id));
        return;
      }
      // Read whole first (counted as it arrives, so an oversized one is refused even without a
      // Content-Length): a write that never reached the service can then be sent again.
      const body = hasBody ? await readBody(request, limit) : undefined;
      const upstream = await upstreams.request(service, { path: request.url!, method: method as 'POST', headers, body });
      const relay = this.relayTo(request, response, id);
      const flat: string[] = [];
      for (const [name, value] of Object.entries(upstream.headers)) {
        if (Array.isArray(value)) for (const one of value) flat.push(name, one);
        else if (value !== undefined) flat.push(name, value);
      }
      relay.head(upstream.statusCode, flat, { resume: () => upstream.body.resume(), abort: () => upstream.body.destroy() });
      upstream.body.on('data', (chunk: Buffer) => {
        if (!relay.data(chunk)) upstream.body.pause();
      });
      upstream.body.once('end', () => relay.end());
      upstream.body.once('error', (error) => relay.broke(error));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // Upstreams has logged the failure with its cause.
      throw serviceUnavailable(service);
    } finally {
      span?.end();
    }
  }

  /**
   * Where the service's answer goes: its head with the gateway's headers, then its body. A small
   * one (nearly every JSON answer) leaves in one write once whole, headers and body together: a
   * write per piece costs a system call apiece. A large one (an image) streams, holding the read
   * while the client is slow. A client that goes away stops the read.
   */
  private relayTo(request: IncomingMessage, response: ServerResponse, id: string): Relay {
    let whole: Buffer[] | null = null;
    let done = false;
    return {
      head: (statusCode, headers, controls) => {
        const out = this.headersOf(request, id);
        let vary: string | undefined;
        let length = -1;
        for (let i = 0; i < headers.length; i += 2) {
          const name = headers[i]!;
          const value = headers[i + 1]!;
          if (this.replaced.has(name)) continue;
          if (name === 'content-length') length = Number(value);
          if (name === 'vary' && this.origins.size > 0) vary = vary ? `${vary}, ${value}` : value;
          else out.push(name, value);
        }
        if (this.origins.size > 0) out.push('vary', vary && !/\borigin\b/i.test(vary) ? `${vary}, Origin` : (vary ?? 'Origin'));
        response.writeHead(statusCode, out);
        if (length >= 0 && length <= WHOLE_BYTES) whole = [];
        else response.on('drain', () => controls.resume());
        response.once('close', () => {
          if (!done) controls.abort(new Error('the client went away'));
        });
      },
      data: (chunk) => {
        if (whole) {
          whole.push(chunk);
          return true;
        }
        return response.write(chunk);
      },
      end: () => {
        done = true;
        if (!whole) {
          response.end();
          return;
        }
        response.cork();
        for (const chunk of whole) response.write(chunk);
        response.end();
        response.uncork();
      },
      broke: () => {
        done = true;
        response.destroy();
      },
    };
  }

  /** The gateway's own headers on an answer: security, request id, CORS, and closing while it drains. */
  private headersOf(request: IncomingMessage, id: string): string[] {
    const out = [...this.answerHeaders, 'x-request-id', id];
    const origin = request.headers.origin;
    if (origin && this.origins.has(origin)) out.push('access-control-allow-origin', origin);
    if (this.options.lifecycle.closingConnections) out.push('connection', 'close');
    return out;
  }

  private fail(error: unknown, request: IncomingMessage, response: ServerResponse, id: string): void {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const { status, body, headers } = this.options.errors.describe(error, { id, url: request.url ?? '' });
    const out = this.headersOf(request, id);
    for (const [name, value] of Object.entries(headers)) out.push(name.toLowerCase(), value);
    if (this.origins.size > 0) out.push('vary', 'Origin');
    const text = JSON.stringify(body);
    out.push('content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(text)));
    response.writeHead(status, out).end(text);
  }

  private finished(request: IncomingMessage, response: ServerResponse, id: string, started: bigint): void {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const status = response.statusCode;
    recordHttpRequest('gateway', request.method ?? 'GET', ROUTE, status, seconds);
    const { logger } = this.options;
    if (status >= 500 || logger.isLevelEnabled('debug')) {
      logger[status >= 500 ? 'warn' : 'debug'](
        { reqId: id, method: request.method, url: request.url, status, ms: Math.round(seconds * 1000) },
        'request',
      );
    }
  }
}

/** Fastify's request id: the caller's X-Request-Id, else a new one. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && given ? given : randomUUID();
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** The whole request body, refused with 413 as soon as it passes `limit` bytes. */
async function readBody(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let seen = 0;
  for await (const chunk of stream) {
    seen += chunk.length;
    if (seen > limit) throw new ApiError(413, 'Request body is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, seen);
}
