import { SERVICE_NAMES } from '@garage/contracts';
import type { ServiceDefinition } from '@garage/service-kit';
import { authService } from '@garage/auth';
import { itemsService } from '@garage/items';
import { mediaService } from '@garage/media';
import { messagesService } from '@garage/messages';
import { notificationsService } from '@garage/notifications';
import { paymentsService } from '@garage/payments';
import { salesService } from '@garage/sales';
import { shopperService } from '@garage/shopper';

/**
 * Every service, for the gateway's tests that start them all behind it (fuzz) or read all their
 * controllers (api-reference), in start order: an owner before the services that ask it. A service
 * of the catalogue missing here fails at import, naming it.
 */
export const ALL_SERVICES: Array<ServiceDefinition<never>> = [
  authService,
  mediaService,
  paymentsService,
  salesService,
  itemsService,
  shopperService,
  notificationsService,
  messagesService,
] as never;

const missing = SERVICE_NAMES.filter((name) => !ALL_SERVICES.some((service) => service.name === name));
if (missing.length > 0) throw new Error(`gateway/test/all-services.ts lacks ${missing.join(', ')}`);
