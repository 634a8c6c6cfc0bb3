import type { ApiOperation } from './types.js';
import { API_EXAMPLES } from './examples.js';
import {
  alertListSchema,
  alertSchema,
  alertSettingsSchema,
  alertSettingsUpdateSchema,
  alertsQuerySchema,
  readAllResultSchema,
  unreadCountSchema,
} from '../shopper.js';

/** The alert bell, its settings and the development mailbox (notifications service). */
export const ALERT_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'listAlerts',
    method: 'get',
    path: '/api/alerts',
    tag: 'Alerts',
    summary: 'Alerts, newest first, a page at a time',
    access: 'signed-in',
    query: alertsQuerySchema,
    responses: { 200: { description: 'A page of alerts', body: alertListSchema } },
  },
  {
    operationId: 'unreadAlertCount',
    method: 'get',
    path: '/api/alerts/unread-count',
    tag: 'Alerts',
    summary: 'The bell’s count',
    access: 'signed-in',
    responses: { 200: { description: 'Unread alerts', body: unreadCountSchema } },
  },
  {
    operationId: 'readAllAlerts',
    method: 'post',
    path: '/api/alerts/read-all',
    tag: 'Alerts',
    summary: 'Mark every alert read',
    access: 'signed-in',
    responses: { 200: { description: 'How many changed', body: readAllResultSchema } },
  },
  {
    operationId: 'getAlertSettings',
    method: 'get',
    path: '/api/alerts/settings',
    tag: 'Alerts',
    summary: 'Which alerts are also emailed: sale cancels and changes (on by default), sales dropping out of the day (off by default)',
    access: 'signed-in',
    responses: { 200: { description: 'The settings', body: alertSettingsSchema } },
  },
  {
    operationId: 'updateAlertSettings',
    method: 'put',
    path: '/api/alerts/settings',
    tag: 'Alerts',
    summary: 'Change the alert settings (a setting left out keeps its value)',
    access: 'signed-in',
    body: alertSettingsUpdateSchema,
    example: API_EXAMPLES.alertSettings,
    responses: { 200: { description: 'The settings', body: alertSettingsSchema } },
  },
  {
    operationId: 'readAlert',
    method: 'post',
    path: '/api/alerts/{id}/read',
    tag: 'Alerts',
    summary: 'Mark one alert read (the first read time is kept)',
    access: 'signed-in',
    responses: { 200: { description: 'The alert', body: alertSchema } },
    errors: { 404: { error: 'Alert not found' } },
  },
];
