import { Transform } from 'node:stream';
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
 * Forwards a request to its service, streaming the body both ways. The body is counted as it
 * passes, so an oversized one is cut at the limit even without a Content-Length.
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
    response = await upstreams.request(service, {
      path: request.url,
      method: request.method as 'GET',
      headers: headers as Record<string, string>,
      body: hasBody ? request.raw.pipe(limitStream(bodyLimit)) : undefined,
    });
  } catch (error) {
    if ((error as Error).message === 'BODY_TOO_LARGE') throw new ApiError(413, 'Request body is too large');
    request.log?.warn?.({ err: String(error), service }, 'upstream unreachable');
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

function limitStream(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new Error('BODY_TOO_LARGE'));
      else callback(null, chunk);
    },
  });
}
