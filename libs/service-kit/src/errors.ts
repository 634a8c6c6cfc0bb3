import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorDetail } from '@garage/contracts';
import type { ZodError } from 'zod';

/**
 * An error meant for the API's caller: its message becomes `{"error": message}` with `status`.
 * Services throw these (or Nest's own HttpExceptions); anything else is a 500 with a generic text.
 */
export class ApiError extends HttpException {
  constructor(
    status: number,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super({ error: message, ...(details ? { details } : {}) }, status);
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new ApiError(HttpStatus.BAD_REQUEST, message, details);
export const unauthorized = (message = 'Authentication required') => new ApiError(HttpStatus.UNAUTHORIZED, message);
export const forbidden = (message = 'Not allowed') => new ApiError(HttpStatus.FORBIDDEN, message);
export const notFound = (message = 'Not found') => new ApiError(HttpStatus.NOT_FOUND, message);
export const conflict = (message: string) => new ApiError(HttpStatus.CONFLICT, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Try again later.') =>
  new ApiError(HttpStatus.TOO_MANY_REQUESTS, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** A failed schema check as the contract's 400: the first message as `error`, every one in `details`. */
export function validationError(error: ZodError): ApiError {
  const details = error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
  return badRequest(details[0]?.message ?? 'Invalid input', details);
}
