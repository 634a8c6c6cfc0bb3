import { z } from 'zod';
import { offerSchema } from './offers.js';

/** The `offer.*` events' payloads (items service; joined into `eventDataSchemas` in events.ts). */

/**
 * Every `offer.*` fact (items service) carries the offer after it, as its shopper and host see it
 * (never the host's floor or auto-accept price), with who they are and what it is about, so a
 * consumer can tell both without asking items. The envelope's version is the offer's.
 */
export const offerChanged = z.object({
  offer: offerSchema,
  hostId: z.number().int(),
  buyerId: z.number().int(),
  itemTitle: z.string(),
  saleTitle: z.string().nullable(),
});
export type OfferChanged = z.infer<typeof offerChanged>;

/** The `offer.*` events, in the order an offer can go through them. */
export const OFFER_EVENTS = [
  'offer.created',
  'offer.countered',
  'offer.accepted',
  'offer.declined',
  'offer.expired',
  'offer.withdrawn',
] as const;
