import { z } from 'zod';
import { optionalText } from './common.js';

/**
 * Paid reservations (spec: "reservations are paid upfront and collected during sale hours"). A
 * reserve holds the item while the shopper pays; unpaid after the hold it lapses; paid it carries a
 * pickup code the host checks at the sale; collected it may be rated once.
 */
export const RESERVATION_STATUSES = ['pending', 'paid', 'collected', 'lapsed', 'cancelled', 'refunded'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** Why a reservation ended without a pickup; told to the shopper and stored with the reservation. */
export const RESERVATION_END_REASONS = [
  'hold_expired',
  'shopper_cancelled',
  'sale_cancelled',
  'sale_deleted',
  'item_deleted',
  'item_removed',
  'item_sold_elsewhere',
  'not_collected',
  'paid_after_lapse',
] as const;
export type ReservationEndReason = (typeof RESERVATION_END_REASONS)[number];

/** The reservation as its shopper sees it (the reserve answer's `reservation`, and My reservations). */
export const reservationSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  status: z.enum(RESERVATION_STATUSES),
  /** The item's price when reserved, in integer cents. */
  amount_cents: z.number().int(),
  currency: z.string(),
  /** Null until the provider has created it (or for a free item, which needs no payment). */
  paymentIntentId: z.string().nullable(),
  /** For the browser's card step (Stripe.js); null when there is nothing to pay. */
  clientSecret: z.string().nullable(),
  /** When an unpaid hold lapses. */
  expiresAt: z.string(),
  /** Shown to the shopper once paid; the host asks for it at pickup. */
  pickup_code: z.string().nullable(),
  end_reason: z.enum(RESERVATION_END_REASONS).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  collected_at: z.string().nullable(),
  rated: z.boolean(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** My reservations: the reservation with what the shopper needs to go and collect it. */
export const myReservationSchema = reservationSchema.extend({
  item: z.object({ id: z.number().int(), title: z.string(), image_urls: z.array(z.string()) }),
  sale: z
    .object({
      id: z.number().int(),
      title: z.string(),
      address: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      start_date: z.string(),
      end_date: z.string(),
      start_time: z.string(),
      end_time: z.string(),
    })
    .nullable(),
});
export type MyReservation = z.infer<typeof myReservationSchema>;

/** A reservation as the host of its sale sees it (no pickup code: the host checks the shopper's). */
export const hostedReservationSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  item_title: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  amount_cents: z.number().int(),
  currency: z.string(),
  shopper_first_name: z.string().nullable(),
  shopper_last_name: z.string().nullable(),
  paid_at: z.string().nullable(),
  collected_at: z.string().nullable(),
});
export type HostedReservation = z.infer<typeof hostedReservationSchema>;

/** Pickup codes: 6 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const PICKUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PICKUP_CODE_LENGTH = 6;

export const collectBodySchema = z.object({
  pickupCode: z
    .string({ message: 'Pickup code is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,12}$/, 'Pickup code is letters and digits'),
});
export type CollectBody = z.infer<typeof collectBodySchema>;

export const ratingBodySchema = z.object({
  stars: z.number({ message: 'Stars must be a whole number from 1 to 5' }).int('Stars must be a whole number from 1 to 5').min(1).max(5),
  review: optionalText('Review', 500),
});
export type RatingBody = z.infer<typeof ratingBodySchema>;

export const payoutOnboardingSchema = z.object({ url: z.string(), accountId: z.string() });
