import { z } from 'zod';
import { idSchema, money } from './common.js';

/**
 * Offers (issue 39): a member offers less than an item's price; its host accepts, declines or
 * counters, and the shopper may accept or decline a counter. An accepted offer becomes a paid
 * reservation at the agreed amount, in the same hold-pay-collect flow as a reserve. Owned by the
 * items service. camelCase like the other new resources (conversations, route plans); money in
 * dollars as the contract's money rule says.
 */
export const OFFER_STATUSES = ['open', 'countered', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** The states an offer is still waiting in: `open` on the host, `countered` on the shopper. */
export const LIVE_OFFER_STATUSES = ['open', 'countered'] as const satisfies readonly OfferStatus[];

/** An offer lasts this long, or until its sale starts (on the sale's clock), whichever comes first. */
export const OFFER_HOURS = 24;

export const OFFER_ROLES = ['buyer', 'host'] as const;
export type OfferRole = (typeof OFFER_ROLES)[number];

export const OFFER_NOT_FOUND = 'Offer not found';
/** The polite text of an offer below the host's floor, declined at once (the floor itself is never told). */
export const OFFER_BELOW_FLOOR =
  'Thanks for your offer! The seller is not taking offers this low on this item. You are welcome to try a higher one.';
/** The text given to other waiting offers on an item when one of them is accepted. */
export const OFFER_ITEM_TAKEN = 'Sorry, the seller accepted another offer on this item.';
/** The text of an offer ended because its item was reserved, sold, removed or its sale ended. */
export const OFFER_ITEM_GONE = 'Sorry, this item is no longer available.';

/** An offer's amount, above 0 (and, checked by the service against the item, below its price). */
export const offerAmountSchema = money('Amount').refine((value) => value > 0, 'Amount must be more than 0');

/** POST /api/items/{id}/offers and POST /api/offers/{id}/counter. */
export const offerBodySchema = z.object({ amount: offerAmountSchema });
export type OfferBody = z.infer<typeof offerBodySchema>;

/** GET /api/offers: the caller's offers as a shopper (`buyer`, the default) or on their items (`host`). */
export const offersQuerySchema = z.object({
  role: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(OFFER_ROLES, { message: 'role must be buyer or host' }).default('buyer'),
  ),
  /** Only the offers on this item (the item page asks for the caller's). */
  itemId: z.preprocess((value) => (value === '' ? undefined : value), idSchema.optional()),
});
export type OffersQuery = z.infer<typeof offersQuerySchema>;

export const offerSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  saleId: z.number().int(),
  buyerId: z.number().int(),
  hostId: z.number().int(),
  /** What the shopper offered, in dollars. */
  amount: z.number(),
  status: z.enum(OFFER_STATUSES),
  /** The host's counter (dollars) once countered; kept after the shopper answers it. */
  counterAmount: z.number().nullable(),
  /** The price the reservation was made at (the offer, or the counter the shopper accepted); null until accepted. */
  agreedAmount: z.number().nullable(),
  /** When a waiting offer expires: 24 h after it was made (or countered), or when the sale starts if sooner. */
  expiresAt: z.string(),
  /** The reservation an accepted offer became (pay and collect it through `/api/reservations/{id}`). */
  reservationId: z.number().int().nullable(),
  /** A polite text for the shopper when the offer ended without them: below the floor, another offer accepted, the item gone. */
  message: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The item as it was offered on (its current title, price and images). */
  item: z.object({ id: z.number().int(), title: z.string(), price: z.number(), imageUrls: z.array(z.string()) }),
  /** The sale's title as items last heard it (null once the sale is gone). */
  saleTitle: z.string().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;
