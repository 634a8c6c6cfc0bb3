import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { context, propagation, SpanKind, trace } from '@opentelemetry/api';
import { ApiError, tracingEnabled } from '@garage/service-kit';
import type { ServiceName } from './routes.js';
import type { Upstreams } from './upstreams.js';

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

/**
 * Forwards a request to its service. The request body is read whole first (at most the limit,
 * counted as it arrives, so an oversized one is refused even without a Content-Length): a request
 * that never reached the service can then be sent again (see Upstreams). Answers stream back.
 */
export async function forward(
  upstreams: Upstreams,
  service: ServiceName,
  request: FastifyRequest,
  reply: FastifyReply,
  bodyLimit: number,
): Promise<void> {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!DROPPED_REQUEST_HEADERS.has(name) && !name.startsWith('x-user-')) headers[name] = value;
  }
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-request-id'] = request.id;

  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > bodyLimit) throw new ApiError(413, 'Request body is too large');
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && (declared > 0 || request.headers['transfer-encoding'] !== undefined);

  // A client span for the hop, so the service's span hangs under the gateway's in the trace.
  const span = tracingEnabled()
    ? trace
        .getTracer('garage')
        .startSpan(`${request.method} ${service}`, { kind: SpanKind.CLIENT, attributes: { 'server.address': service } })
    : null;
  propagation.inject(span ? trace.setSpan(context.active(), span) : context.active(), headers);

  let response;
  try {
    const body = hasBody ? await readBody(request.raw, bodyLimit) : undefined;
    response = await upstreams.request(service, {
      path: request.url,
      method: request.method as 'GET',
      headers: headers as Record<string, string>,
      body,
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // Upstreams has logged the failure with its cause.
    throw new ApiError(502, `The ${service} service is unavailable. Try again shortly.`);
  } finally {
    span?.end();
  }
  void reply.status(response.statusCode);
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined && !DROPPED_RESPONSE_HEADERS.has(name)) void reply.header(name, value);
  }
  // Small answers (nearly all JSON) are read whole: cheaper than piping a stream. Images and other
  // large bodies stream through.
  const length = Number(response.headers['content-length'] ?? -1);
  if (length >= 0 && length <= 256 * 1024) return reply.send(Buffer.from(await response.body.arrayBuffer()));
  return reply.send(response.body);
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
