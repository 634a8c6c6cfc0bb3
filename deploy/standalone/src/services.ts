import { SERVICE_PORTS, serviceUrlKey, type ServiceName } from '@garage/contracts';
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
 * Every service of the product, in start order; the port each takes in the stack topology and the
 * gateway variable that points at it come from the catalogue (`SERVICE_PORTS`). An owner starts
 * before the services that ask it (standalone hands each started service's address to the ones
 * after it): auth first (payments asks it too), payments before sales, items and shopper, whose
 * premium-only calls ask it.
 */
const START_ORDER: Array<ServiceDefinition<any>> = [
  authService,
  mediaService,
  paymentsService,
  salesService,
  itemsService,
  shopperService,
  notificationsService,
  messagesService,
];

export const SERVICES: Array<{ definition: ServiceDefinition<any>; port: number; gatewayKey: string }> = START_ORDER.map((definition) => {
  const name = definition.name as ServiceName;
  if (!(name in SERVICE_PORTS)) throw new Error(`service "${name}" is not in SERVICE_PORTS (libs/contracts/src/services.ts)`);
  return { definition, port: SERVICE_PORTS[name], gatewayKey: serviceUrlKey(name) };
});
