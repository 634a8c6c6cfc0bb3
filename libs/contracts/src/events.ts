import { z } from 'zod';
import {
  communitySaleCancelled,
  communitySaleMembership,
  communitySaleMoved,
  communitySaleSaleLeft,
  communitySaleSnapshot,
} from './community-sale-events.js';
import { CATEGORIES, CONDITIONS } from './constants.js';
import { saleCreated, saleDeleted, saleUpdated } from './sale-events.js';
import { markdownApplied } from './markdowns.js';
import { MEMBERSHIP_STATUSES } from './payments.js';
import { RESERVATION_END_REASONS, RESERVATION_STATUSES } from './reservations.js';
import { conversationRead, messageSent } from './message-events.js';
import { OFFER_EVENTS, offerChanged } from './offer-events.js';

/**
 * Integration events: past-tense facts with a full snapshot of the aggregate (event-carried state
 * transfer). `version` grows with every change of the aggregate, so consumers ignore stale ones.
 */

const userSnapshot = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  rating: z.number(),
  ratingCount: z.number().int(),
  premiumExpiresAt: z.string().nullable(),
  /** Optional so snapshots recorded before it was added still parse; shopper emails alerts to it. */
  email: z.string().optional(),
});
export type UserSnapshot = z.infer<typeof userSnapshot>;

export type { CommunitySaleMembership, CommunitySaleSnapshot } from './community-sale-events.js';
export type { SaleSnapshot, SaleUpdated } from './sale-events.js';

const itemSnapshot = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  garage_sale_id: z.number().int().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(CATEGORIES),
  price: z.number(),
  original_price: z.number().nullable(),
  condition: z.enum(CONDITIONS),
  brand: z.string().nullable(),
  image_urls: z.array(z.string()),
  is_reserved: z.boolean(),
  is_sold: z.boolean(),
});
export type ItemSnapshot = z.infer<typeof itemSnapshot>;

/**
 * `item.updated` names a markdown when the sales service's scheduled cut lowered the price (the
 * items service applied `markdown.applied`): shopper tells that cut once per markdown, not per item.
 */
const itemUpdated = itemSnapshot.extend({ cause: z.object({ markdownId: z.number().int() }).optional() });

const itemDeleted = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  garage_sale_id: z.number().int().nullable(),
  image_urls: z.array(z.string()),
});

const itemReserved = itemSnapshot.extend({ reserved_by: z.number().int(), reserved_at: z.string() });

const paymentSucceeded = z.object({
  paymentIntentId: z.string(),
  userId: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  succeededAt: z.string(),
  /**
   * The buyer's paid-through date after this payment, computed once by payments (which answers the
   * buyer with it) so auth applies the very same expiry instead of recomputing it from its own clock.
   */
  premiumExpiresAt: z.string(),
  /** True when the payment is a yearly renewal rather than the member's own subscribe (optional: older events lack it). */
  renewal: z.boolean().optional(),
});
export type PaymentSucceeded = z.infer<typeof paymentSucceeded>;

/**
 * A payment intent that is not a membership (a reservation's) succeeded, as payments learnt from a
 * verified, deduplicated provider webhook; the reservation it pays for is marked paid on it.
 */
const paymentIntentSucceeded = z.object({
  paymentIntentId: z.string(),
  userId: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  purpose: z.string(),
  succeededAt: z.string(),
});

/**
 * A change of a member's membership, as payments (which owns it) recorded it in its ledger. The
 * envelope's version is the membership's, shared with `payment.succeeded`, so consumers order them.
 */
const membershipChange = z.object({
  userId: z.number().int(),
  status: z.enum(MEMBERSHIP_STATUSES),
  /** The end of the paid period after the change (null when nothing was ever paid). */
  paidThrough: z.string().nullable(),
  occurredAt: z.string(),
});
export type MembershipChange = z.infer<typeof membershipChange>;
const membershipMoney = membershipChange.extend({ amountCents: z.number().int(), currency: z.string() });
/** Money went back to the member: premium ended at `premiumExpiresAt` (the refund's moment). */
const membershipRefunded = membershipMoney.extend({
  paymentIntentId: z.string(),
  refundedAt: z.string(),
  premiumExpiresAt: z.string(),
});
export type MembershipRefunded = z.infer<typeof membershipRefunded>;

/** Every `reservation.*` fact carries the reservation's state after it (the version orders them). */
const reservationSnapshot = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  item_title: z.string(),
  sale_id: z.number().int().nullable(),
  user_id: z.number().int(),
  host_id: z.number().int(),
  status: z.enum(RESERVATION_STATUSES),
  amount_cents: z.number().int(),
  currency: z.string(),
  expires_at: z.string(),
  end_reason: z.enum(RESERVATION_END_REASONS).nullable(),
});
export type ReservationSnapshot = z.infer<typeof reservationSnapshot>;

/**
 * Wrong pickup codes were entered for a paid reservation until it locked: collecting it is refused
 * until `locked_until` (the shopper is told, in case someone is guessing their code).
 */
const reservationPickupLocked = reservationSnapshot.extend({ locked_until: z.string() });
export type ReservationPickupLocked = z.infer<typeof reservationPickupLocked>;

/** The shopper rated the host after a collected reservation (auth keeps each seller's average). */
const reservationRated = z.object({
  reservation_id: z.number().int(),
  host_id: z.number().int(),
  user_id: z.number().int(),
  stars: z.number().int().min(1).max(5),
  review: z.string().nullable(),
});
export type ReservationRated = z.infer<typeof reservationRated>;

/**
 * A notice a service asks notifications to deliver to one member (shopper: a saved-search match, a
 * followed sale cancelled, changed or deleted, a community sale cancelled or moved to its rain date, an item's price lowered). The deciding service says who and what; notifications
 * decides the rest from `delivery` and the member's settings. `key` makes it once per member.
 */
const noticeRequested = z.object({
  userId: z.number().int(),
  kind: z.enum([
    'match',
    'sale_cancelled',
    'sale_deleted',
    'sale_changed',
    'community_sale_cancelled',
    'community_sale_moved',
    'sale_dropped_out',
    'sale_likely_over',
    'price_drop',
  ]),
  key: z.string().min(1),
  title: z.string(),
  message: z.string(),
  savedSearchId: z.number().int().nullable(),
  itemId: z.number().int().nullable(),
  saleId: z.number().int().nullable(),
  /** The community sale a `community_sale_*` notice is about (absent on the others). */
  communitySaleId: z.number().int().nullable().optional(),
  /** What the bell and the email show besides the text: `changes` of a sale, `searchName` and the item's card of a match. */
  data: z.record(z.string(), z.unknown()),
  /** `instant`: emailed now; `digest`: in the member's daily digest; `in_app`: the bell only. */
  delivery: z.enum(['instant', 'digest', 'in_app']),
});
export type NoticeRequested = z.infer<typeof noticeRequested>;

/**
 * A one-click link stopped the emails of one saved search (`savedSearchId`) or of all of a member's
 * daily searches (`userId`): shopper, which owns the searches, turns their emails off.
 */
const noticeUnsubscribed = z.object({
  scope: z.enum(['search', 'digest']),
  savedSearchId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
});
export type NoticeUnsubscribed = z.infer<typeof noticeUnsubscribed>;

export type { ConversationRead, MessageSent } from './message-events.js';
export { OFFER_EVENTS, type OfferChanged } from './offer-events.js';

export const eventDataSchemas = {
  'user.registered': userSnapshot,
  'user.updated': userSnapshot,
  'user.premium_activated': userSnapshot,
  /** Premium ended before its paid date (a refund); the snapshot carries the new, past expiry. */
  'user.premium_ended': userSnapshot,
  'sale.created': saleCreated,
  'sale.updated': saleUpdated,
  'sale.deleted': saleDeleted,
  'community_sale.created': communitySaleSnapshot,
  'community_sale.updated': communitySaleSnapshot,
  'community_sale.cancelled': communitySaleCancelled,
  'community_sale.moved_to_rain_date': communitySaleMoved,
  'community_sale.sale_joined': communitySaleMembership,
  'community_sale.sale_approved': communitySaleMembership,
  'community_sale.sale_left': communitySaleSaleLeft,
  'item.created': itemSnapshot,
  'item.updated': itemUpdated,
  'item.deleted': itemDeleted,
  'item.reserved': itemReserved,
  'payment.succeeded': paymentSucceeded,
  'payment.intent_succeeded': paymentIntentSucceeded,
  'membership.cancelled': membershipChange,
  'membership.resumed': membershipChange,
  /** The yearly renewal is 7 days away (once per paid period). */
  'membership.renewal_due': membershipMoney,
  /** The renewal payment failed: premium stays until `paidThrough`, then ends. */
  'membership.renewal_failed': membershipMoney,
  'membership.refunded': membershipRefunded,
  'reservation.created': reservationSnapshot,
  'reservation.paid': reservationSnapshot,
  'reservation.lapsed': reservationSnapshot,
  'reservation.collected': reservationSnapshot,
  'reservation.refunded': reservationSnapshot,
  'reservation.cancelled': reservationSnapshot,
  'reservation.pickup_locked': reservationPickupLocked,
  'reservation.rated': reservationRated,
  'notice.requested': noticeRequested,
  'notice.unsubscribed': noticeUnsubscribed,
  'message.sent': messageSent,
  'conversation.read': conversationRead,
  /**
   * A shopper offered: always `open`. An offer below the host's floor, or at the auto-accept price, is
   * followed in the same transaction by its `offer.declined` (with `message`) or `offer.accepted`.
   */
  'offer.created': offerChanged,
  'offer.countered': offerChanged,
  /** Its `reservationId` is the reservation it became (`reservation.created` is published with it). */
  'offer.accepted': offerChanged,
  /** By the host, by the shopper (a counter), or because another offer on the item was accepted (`message` says so). */
  'offer.declined': offerChanged,
  'offer.expired': offerChanged,
  'offer.withdrawn': offerChanged,
  'markdown.applied': markdownApplied,
} as const;

export type EventType = keyof typeof eventDataSchemas;
export const EVENT_TYPES = Object.keys(eventDataSchemas) as EventType[];
export type EventData<T extends EventType> = z.infer<(typeof eventDataSchemas)[T]>;

/** The message on the wire; the routing key is `type`. */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  occurredAt: string;
  version: number;
  data: EventData<T>;
}

/** A union of envelopes, so `switch (event.type)` narrows `data`. */
export type AnyEvent = { [T in EventType]: EventEnvelope<T> }[EventType];

/** The events that carry a user's whole snapshot: every copy of the users applies each of them. */
export const USER_SNAPSHOT_EVENTS = ['user.registered', 'user.updated', 'user.premium_activated', 'user.premium_ended'] as const;
export type UserSnapshotEvent = Extract<AnyEvent, { type: (typeof USER_SNAPSHOT_EVENTS)[number] }>;

/** Whether the event carries a user's snapshot (narrows `data` to it). */
export function carriesUserSnapshot(event: AnyEvent): event is UserSnapshotEvent {
  return (USER_SNAPSHOT_EVENTS as readonly string[]).includes(event.type);
}

const envelopeSchema = z.object({
  id: z.uuid(),
  type: z.enum(EVENT_TYPES as [EventType, ...EventType[]]),
  occurredAt: z.string(),
  version: z.number().int().nonnegative(),
  data: z.unknown(),
});

/** Validates a message from the wire: the envelope, then `data` against its type's schema. */
export function parseEvent(raw: unknown): AnyEvent {
  const envelope = envelopeSchema.parse(raw);
  const data = eventDataSchemas[envelope.type].parse(envelope.data);
  return { ...envelope, data } as AnyEvent;
}

/**
 * Who consumes what: the broker topology in one place. Every service declares all these queues
 * and bindings when it connects, so an event published before its consumer's first start waits
 * in the consumer's queue instead of being dropped. A service's handlers may consume only what
 * is listed for it here (checked at start).
 */
export const EVENT_CONSUMERS: Record<string, EventType[]> = {
  auth: ['payment.succeeded', 'membership.refunded', 'reservation.rated'],
  sales: [...USER_SNAPSHOT_EVENTS, 'item.created', 'item.updated', 'item.deleted'],
  items: [
    ...USER_SNAPSHOT_EVENTS,
    'sale.created',
    'sale.updated',
    'sale.deleted',
    'community_sale.sale_joined',
    'community_sale.sale_approved',
    'community_sale.sale_left',
    'payment.intent_succeeded',
    'markdown.applied',
  ],
  media: ['item.created', 'item.updated', 'item.reserved', 'item.deleted'],
  shopper: [
    ...USER_SNAPSHOT_EVENTS,
    'sale.created',
    'sale.updated',
    'sale.deleted',
    'community_sale.created',
    'community_sale.updated',
    'community_sale.cancelled',
    'community_sale.moved_to_rain_date',
    'community_sale.sale_joined',
    'community_sale.sale_approved',
    'community_sale.sale_left',
    'item.created',
    'item.updated',
    'item.deleted',
    'item.reserved',
    'notice.unsubscribed',
    'markdown.applied',
  ],
  notifications: [
    ...USER_SNAPSHOT_EVENTS,
    'notice.requested',
    'sale.updated',
    'reservation.created',
    'reservation.paid',
    'reservation.collected',
    'reservation.lapsed',
    'reservation.cancelled',
    'reservation.refunded',
    'reservation.pickup_locked',
    'payment.succeeded',
    'membership.cancelled',
    'membership.renewal_due',
    'membership.renewal_failed',
    'membership.refunded',
    'message.sent',
    'conversation.read',
    ...OFFER_EVENTS,
  ],
  messages: ['sale.created', 'sale.updated', 'sale.deleted', ...OFFER_EVENTS],
};

/** Topic-pattern match of a routing key (`sale.*`, `#`), as the broker does it. */
export function matchesRoutingPattern(pattern: string, key: string): boolean {
  const p = pattern.split('.');
  const k = key.split('.');
  const walk = (i: number, j: number): boolean => {
    if (i === p.length) return j === k.length;
    if (p[i] === '#') return walk(i + 1, j) || (j < k.length && walk(i, j + 1));
    if (j === k.length) return false;
    return (p[i] === '*' || p[i] === k[j]) && walk(i + 1, j + 1);
  };
  return walk(0, 0);
}
