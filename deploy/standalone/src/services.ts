import type { ServiceDefinition } from '@garage/service-kit';
import { authService } from '@garage/auth';
import { mediaService } from '@garage/media';
import { paymentsService } from '@garage/payments';
import { salesService } from '@garage/sales';
import { itemsService } from '@garage/items';
import { shopperService } from '@garage/shopper';
import { notificationsService } from '@garage/notifications';
import { messagesService } from '@garage/messages';

/**
 * Every service of the product, in start order, with the port it takes in the stack topology and
 * the gateway variable that points at it. Adding a service means adding a line here. An owner
 * starts before the services that ask it (standalone hands each started service's address to the
 * ones after it): auth first (payments asks it too), payments before sales, items and shopper,
 * whose premium-only calls ask it.
 */
export const SERVICES: Array<{ definition: ServiceDefinition<any>; port: number; gatewayKey: string }> = [
  { definition: authService, port: 4001, gatewayKey: 'AUTH_URL' },
  { definition: mediaService, port: 4004, gatewayKey: 'MEDIA_URL' },
  { definition: paymentsService, port: 4005, gatewayKey: 'PAYMENTS_URL' },
  { definition: salesService, port: 4002, gatewayKey: 'SALES_URL' },
  { definition: itemsService, port: 4003, gatewayKey: 'ITEMS_URL' },
  { definition: shopperService, port: 4006, gatewayKey: 'SHOPPER_URL' },
  { definition: notificationsService, port: 4007, gatewayKey: 'NOTIFICATIONS_URL' },
  { definition: messagesService, port: 4008, gatewayKey: 'MESSAGES_URL' },
];
