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
