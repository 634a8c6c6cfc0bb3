import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { transientFailure } from '@garage/event-bus';
import { ApiError, validationError } from './errors.js';
import type { Logger } from './logger.js';

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
}

/** Known framework errors, translated to the words of the contract. */
const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid Content-Length'],
  FST_ERR_BAD_URL: [400, 'Malformed URL'],
};

export const UNAVAILABLE = 'The service is temporarily unavailable. Try again shortly.';

/**
 * The one error format: every failure leaves as `{"error": "..."}` (plus `details` for validation),
 * never a stack trace, SQL or an HTML page. Unexpected errors are logged with the request id and
 * answered with a generic 500.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    this.send(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }

  /** The same answer for an error raised outside Nest's pipeline (a plain Fastify route). */
  send(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const { status, body, headers } = this.describe(exception, request);
    if (reply.sent) return;
    for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  /** The status, body and headers that answer `exception` (for a server that writes its own answers). */
  describe(
    exception: unknown,
    request: Pick<FastifyRequest, 'id' | 'url'> | undefined,
  ): { status: number; body: unknown; headers: Record<string, string> } {
    if (exception instanceof ZodError) return this.describe(validationError(exception), request);
    if (exception instanceof ApiError) {
      return { status: exception.getStatus(), body: exception.getResponse(), headers: exception.headers ?? {} };
    }
    if (exception instanceof HttpException) {
      const response = exception.getResponse();
      const message =
        typeof response === 'object' && response && 'error' in response && typeof response.error === 'string' && !('statusCode' in response)
          ? response.error
          : typeof response === 'object' && response && 'message' in response
            ? [response.message].flat().join('; ')
            : exception.message;
      return { status: exception.getStatus(), body: { error: message }, headers: {} };
    }
    const framework = exception as FastifyLikeError;
    if (framework && typeof framework === 'object') {
      const known = framework.code ? FRAMEWORK_ERRORS[framework.code] : undefined;
      if (known) return { status: known[0], body: { error: known[1] }, headers: {} };
      if (framework.statusCode === 400 && (exception instanceof SyntaxError || /JSON/.test(framework.message ?? ''))) {
        return { status: 400, body: { error: 'Malformed JSON' }, headers: {} };
      }
      if (typeof framework.statusCode === 'number' && framework.statusCode >= 400 && framework.statusCode < 500) {
        return { status: framework.statusCode, body: { error: framework.message ?? 'Bad request' }, headers: {} };
      }
    }
    const transient = transientFailure(exception);
    if (transient) {
      // The database is down or a transaction lost a race: nothing is wrong with the request, so
      // the caller may send it again (nothing was committed), after a short wait.
      this.logger.warn({ err: String(exception), reqId: request?.id, url: request?.url }, 'database unavailable');
      return { status: 503, body: { error: UNAVAILABLE }, headers: { 'Retry-After': transient === 'unavailable' ? '5' : '1' } };
    }
    this.logger.error({ err: exception, reqId: request?.id, url: request?.url }, 'unhandled error');
    return { status: 500, body: { error: 'Internal server error' }, headers: {} };
  }
}
