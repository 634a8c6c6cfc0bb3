import type { ApiOperation } from './types.js';
import { z } from 'zod';
import { API_EXAMPLES } from './examples.js';
import {
  routePlanBodySchema,
  routePlanPreviewSchema,
  routePlanReplanBodySchema,
  routePlanSchema,
  routePlanSummarySchema,
} from '../route-plans.js';
import { PREMIUM_REQUIRED } from '../shopper.js';
import { devMailSchema } from './shapes.js';

const COMMUNITY_SALE_PLANS =
  'With `communitySaleId` instead of `saleIds`: the approved sales of that community sale, narrowed by `filters` (its `numbers`; ' +
  'sales with an item in one of `categories`; sales with an item matching `q`, as item search reads words), each stop with its `communitySaleNumber`.';
const FROM_COMMUNITY_SALE_400 =
  'A rule broken (`details` names the field); from a community sale: it is cancelled (`communitySaleId`), or no sale of it is left after `filters`';
const DROPPED_OUT =
  "On the plan's day (on each sale's own clock), a stop whose sale closed early, was cancelled or is likely over is marked " +
  '`droppedOut` (`closed_early`, `cancelled`, `likely_over`) and left out of `directions`; the saved plan itself is unchanged ' +
  '(its times and totals stay as planned). A preview or new plan for today lists such a sale in `unplanned` with its `droppedOut`. ' +
  "Read on its day, a saved (or re-planned) plan's stops also carry their sale's `liveState` and `liveStateAt` (as `live_state` on sale objects).";
const SALE_NOT_FOUND = {
  error: 'Sale not found',
  when: 'A named sale nobody has (a deleted one is an unplannable stop); `Community sale not found` for a `communitySaleId` nobody has',
};

/** Multi-stop route plans and calendar files (shopper service). */
export const ROUTE_PLAN_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'previewRoutePlan',
    method: 'post',
    path: '/api/route-plans/preview',
    tag: 'Route plans',
    summary: 'Preview a route plan',
    description:
      'Everyone signed in gets the summary; premium members also get the whole plan (not saved), free users `upgradeRequired: true`. ' +
      COMMUNITY_SALE_PLANS +
      ' ' +
      DROPPED_OUT,
    access: 'signed-in',
    body: routePlanBodySchema,
    example: API_EXAMPLES.routePlan,
    responses: { 200: { description: 'The summary, and the plan for members', body: routePlanPreviewSchema } },
    errors: { 400: FROM_COMMUNITY_SALE_400, 404: SALE_NOT_FOUND },
  },
  {
    operationId: 'createRoutePlan',
    method: 'post',
    path: '/api/route-plans',
    tag: 'Route plans',
    summary: 'Plan and save a route (premium)',
    description: COMMUNITY_SALE_PLANS,
    access: 'signed-in',
    body: routePlanBodySchema,
    example: API_EXAMPLES.routePlan,
    responses: { 201: { description: 'The saved plan', body: routePlanSchema } },
    errors: {
      403: { error: PREMIUM_REQUIRED },
      400: FROM_COMMUNITY_SALE_400,
      404: SALE_NOT_FOUND,
    },
  },
  {
    operationId: 'listRoutePlans',
    method: 'get',
    path: '/api/route-plans',
    tag: 'Route plans',
    summary: 'Saved plans, newest first',
    access: 'signed-in',
    responses: { 200: { description: 'The plans', body: z.array(routePlanSummarySchema) } },
  },
  {
    operationId: 'getRoutePlan',
    method: 'get',
    path: '/api/route-plans/{id}',
    tag: 'Route plans',
    summary: 'A saved plan',
    description: DROPPED_OUT,
    access: 'signed-in',
    responses: { 200: { description: 'The plan', body: routePlanSchema } },
    errors: { 404: { error: 'Route plan not found' } },
  },
  {
    operationId: 'replanRoutePlan',
    method: 'post',
    path: '/api/route-plans/{id}/replan',
    tag: 'Route plans',
    summary: 'Re-plan the rest of the day from here (premium)',
    description:
      "Plans the rest of the plan's day from the given point and the current time (on that point's clock): the saved plan's " +
      'stops whose planned departure has not passed and the sales it could not fit, less those that dropped out (listed in ' +
      '`unplanned` with their `droppedOut`). Answers the new plan (`id: null`, `replannedFrom`: the saved plan), its stops with their ' +
      "sale's `liveState` and `liveStateAt`; nothing is saved.",
    access: 'signed-in',
    body: routePlanReplanBodySchema,
    example: { latitude: 39.78, longitude: -89.65 },
    responses: { 200: { description: 'The re-planned rest of the day', body: routePlanSchema } },
    errors: {
      400: 'A rule broken (`details` names the field), or `Only a plan for today can be re-planned`',
      403: { error: PREMIUM_REQUIRED },
      404: { error: 'Route plan not found', when: "No such plan, or another member's" },
    },
  },
  {
    operationId: 'deleteRoutePlan',
    method: 'delete',
    path: '/api/route-plans/{id}',
    tag: 'Route plans',
    summary: 'Delete a saved plan',
    access: 'signed-in',
    responses: { 204: { description: 'Deleted' } },
    errors: { 404: { error: 'Route plan not found' } },
  },
  {
    operationId: 'routePlanCalendar',
    method: 'get',
    path: '/api/route-plans/{id}/calendar.ics',
    tag: 'Route plans',
    summary: "A plan's calendar file, one event per stop",
    access: 'signed-in',
    responses: { 200: { description: 'An iCalendar file', media: 'calendar' } },
    errors: { 404: { error: 'Route plan not found' } },
  },
  {
    operationId: 'devMail',
    method: 'get',
    path: '/api/dev/mail',
    tag: 'Alerts',
    summary: 'Development only: the mail "sent" to the caller',
    description: 'Only with the local notifier and outside production; anywhere else the path answers 404.',
    access: 'signed-in',
    responses: { 200: { description: 'The last messages, newest first', body: devMailSchema } },
    errors: { 404: { error: 'Not found', when: 'In production, or with a real mail provider' } },
  },
];
