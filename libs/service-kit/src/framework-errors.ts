import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorFilter } from './error.filter.js';

/**
 * Fastify answers a URL that does not decode (`/api/items/%zz`) before any route or error handler
 * runs, in its own shape (`{statusCode, code, message}`); its `frameworkErrors` option hands it to
 * the one error format instead. (Errors of body parsing already reach the filter: Nest installs
 * Fastify's error handler.) The filter is looked up lazily: the option is needed before it exists.
 */
export function frameworkErrorsOption(errors: () => ErrorFilter) {
  return (error: Error, request: FastifyRequest, reply: FastifyReply) => errors().send(error, request, reply);
}
