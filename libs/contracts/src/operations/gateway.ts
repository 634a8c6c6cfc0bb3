import { z } from 'zod';
import type { ApiOperation } from './types.js';
import { healthSchema } from './shapes.js';
import { liveSchema } from './shapes.js';

/** Health, liveness, readiness and this reference (the gateway itself). */
export const GATEWAY_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'health',
    method: 'get',
    path: '/api/health',
    tag: 'Gateway',
    summary: 'Readiness of the gateway and every service it routes to',
    access: 'none',
    responses: { 200: { description: '`ok`, or `degraded` naming a service that answers without its broker', body: healthSchema } },
    errors: { 503: 'Not ready: the failing services' },
  },
  {
    operationId: 'live',
    method: 'get',
    path: '/api/live',
    tag: 'Gateway',
    summary: 'Liveness: the process answers',
    access: 'none',
    responses: { 200: { description: 'Alive', body: liveSchema } },
  },
  {
    operationId: 'liveUpdates',
    method: 'get',
    path: '/api/updates',
    tag: 'Gateway',
    summary: "The signed-in tab's live updates, as server-sent events",
    description:
      'One stream per signed-in tab. Each event is named after its kind (`message`: `{kind, conversationId, messageId}`; ' +
      '`read`: `{kind, conversationId, unreadCount}`; `offer`: `{kind, offerId, status}`; `alerts`: `{kind, unreadCount}`; ' +
      '`reservation`: `{kind, reservationId, itemId, status}`), has an `id:`, and JSON data. `sale`: `{kind, saleId, liveState, liveStateAt}` ' +
      "(a sale's live state changed) goes to every open stream, without an `id:`, and is not resumed. A comment every 15 s keeps it open. A dropped " +
      "stream resumes after `Last-Event-ID` (the header EventSource sends, or `lastEventId`) from the member's last " +
      '200 updates of the day. EventSource cannot send a header, so the token may be given as `token` on this call only.',
    access: 'signed-in',
    query: z.object({
      token: z.string().optional().describe('The access token (instead of the Authorization header)'),
      lastEventId: z.string().optional().describe('Resume after this update (instead of the Last-Event-ID header)'),
    }),
    responses: { 200: { description: 'The stream (`text/event-stream`), open until the tab or the token ends', media: 'event-stream' } },
    errors: { 401: 'No token, or an invalid or expired one' },
  },
  {
    operationId: 'ready',
    method: 'get',
    path: '/api/ready',
    tag: 'Gateway',
    summary: 'Readiness of this gateway process: taking requests (its load balancer probe)',
    access: 'none',
    responses: { 200: { description: 'Taking requests', body: liveSchema } },
    errors: { 503: 'Shutting down: still serving for its drain, but take it out of rotation (with Retry-After)' },
  },
  {
    operationId: 'apiReference',
    method: 'get',
    path: '/api/docs',
    tag: 'Gateway',
    summary: 'This reference, as a page',
    access: 'none',
    responses: { 200: { description: 'The API reference', media: 'html' } },
  },
  {
    operationId: 'openApiDocument',
    method: 'get',
    path: '/api/docs/openapi.json',
    tag: 'Gateway',
    summary: 'This reference, as an OpenAPI 3.1 document',
    access: 'none',
    responses: { 200: { description: 'The OpenAPI document', media: 'raw-json' } },
  },
];
