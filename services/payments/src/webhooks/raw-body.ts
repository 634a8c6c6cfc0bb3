import { PassThrough, type Readable } from 'node:stream';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';

type WithRawBody = FastifyRequest & { rawBody?: Buffer };

/**
 * Keeps the exact bytes of the request body on `request.rawBody` for the routes at `paths`: a
 * webhook signature covers those bytes, and JSON parsed and printed again would not match it.
 *
 * A `preParsing` hook on just those routes, rather than a content-type parser: Nest registers its
 * own `application/json` parser after `configureHttp` runs, and Fastify refuses a second one. The
 * hook reads the body (bounded by the server's body limit), keeps it, and hands the same bytes on to
 * the usual parser, so nothing else changes.
 */
export function keepRawBody(paths: string[]) {
  return (fastify: FastifyInstance): void => {
    const limit = fastify.initialConfig.bodyLimit ?? 1024 * 1024;
    fastify.addHook('onRoute', (route) => {
      if (!paths.includes(route.url)) return;
      const existing = route.preParsing ? [route.preParsing].flat() : [];
      route.preParsing = [
        ...existing,
        async (request: WithRawBody, _reply: unknown, payload: Readable) => {
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of payload) {
            size += (chunk as Buffer).length;
            if (size > limit)
              throw Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
            chunks.push(chunk as Buffer);
          }
          request.rawBody = Buffer.concat(chunks);
          const replay = new PassThrough();
          replay.end(request.rawBody);
          return replay;
        },
      ] as never;
    });
  };
}

/** The exact body bytes kept by `keepRawBody` (an empty buffer when there was no body). */
export const RawBody = createParamDecorator((_data: unknown, context: ExecutionContext): Buffer => {
  return context.switchToHttp().getRequest<WithRawBody>().rawBody ?? Buffer.alloc(0);
});
