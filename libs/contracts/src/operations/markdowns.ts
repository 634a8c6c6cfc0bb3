import { z } from 'zod';
import type { ApiOperation } from './types.js';
import { MARKDOWN_MAX_PERCENT, MARKDOWN_MIN_PERCENT } from '../constants.js';
import { MARKDOWN_NOT_FOUND, MARKDOWN_NOT_SCHEDULED, markdownCreateSchema, markdownListQuerySchema, markdownSchema } from '../markdowns.js';

const SALE_NOT_YOURS = { error: 'Sale not found', when: 'No such sale, or a sale of someone else (never 403: a stranger learns nothing)' };

/** Scheduled markdowns: a host's sale-wide price cut at a moment on the sale's clock (sales service). */
export const MARKDOWN_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'scheduleMarkdown',
    method: 'post',
    path: '/api/markdowns',
    tag: 'Sales',
    summary: 'Schedule a sale-wide price cut',
    description:
      `Owner only. \`percentOff\` is a whole number ${MARKDOWN_MIN_PERCENT}–${MARKDOWN_MAX_PERCENT}; \`startsAt\` is \`YYYY-MM-DDTHH:MM\` on the sale’s clock ` +
      '(its `time_zone`), within one of its days and its hours, and still ahead. When it is due the sale’s items that are not reserved or sold ' +
      'are cut by that percentage of the price they had before the sale’s first markdown (to the cent), their old price kept as `original_price` ' +
      'so it shows struck through; members who saved the sale or one of its items, or planned to visit it, are told once. ' +
      'Sale objects carry the next one as `upcoming_markdown`.',
    access: 'signed-in',
    body: markdownCreateSchema,
    example: { saleId: 12, percentOff: 50, startsAt: '2026-06-07T13:00' },
    responses: { 201: { description: 'The markdown, `scheduled`', body: markdownSchema } },
    errors: {
      400: 'A rule broken (`details` names the field): percent not a whole number in range; `startsAt` not a real moment, outside the sale’s days or hours, or past',
      404: SALE_NOT_YOURS,
      409: { error: 'The sale is not active', when: 'Cancelled or completed' },
    },
  },
  {
    operationId: 'listMarkdowns',
    method: 'get',
    path: '/api/markdowns',
    tag: 'Sales',
    summary: 'The markdowns of one of the caller’s sales',
    description: 'Owner only; every status, soonest first.',
    access: 'signed-in',
    query: markdownListQuerySchema,
    responses: { 200: { description: 'The markdowns', body: z.array(markdownSchema) } },
    errors: { 400: 'No or a bad `saleId` (`details` names it)', 404: SALE_NOT_YOURS },
  },
  {
    operationId: 'cancelMarkdown',
    method: 'delete',
    path: '/api/markdowns/{id}',
    tag: 'Sales',
    summary: 'Cancel a scheduled markdown',
    description: 'Owner only, while it is `scheduled`; it stays listed as `cancelled`.',
    access: 'signed-in',
    responses: { 204: { description: 'Cancelled' } },
    errors: {
      404: { error: MARKDOWN_NOT_FOUND, when: 'No such markdown, or one of someone else’s sale' },
      409: { error: MARKDOWN_NOT_SCHEDULED },
    },
  },
];
