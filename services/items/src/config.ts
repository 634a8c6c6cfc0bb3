import { z } from 'zod';
import { RATE_LIMITS } from '@garage/contracts';
import { stripeConfig } from '@garage/payment-provider';

/** Items' own environment keys (the base keys are in service-kit). */
export const itemsConfig = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  /** How long a reserve holds the item while the shopper pays; unpaid after it, the item is free again. Fractions allowed. */
  RESERVATION_HOLD_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  /**
   * How long the hold of an offer its host accepted lasts (the shopper may not be there to pay at
   * once, unlike after a reserve, an accepted counter or an auto-accepted offer). Fractions allowed.
   */
  OFFER_HOLD_MINUTES: z.coerce
    .number()
    .positive()
    .max(7 * 24 * 60)
    .default(12 * 60),
  /** How often lapsed holds, uncollected reservations, pending refunds and payouts, and expired offers are looked for. */
  RESERVATION_SWEEP_MS: z.coerce.number().int().min(50).max(3_600_000).default(15_000),
  /** Where the payout onboarding (Stripe Connect) sends the host back to, and where a stale link restarts it. */
  PAYOUT_RETURN_URL: z.string().url().default('http://localhost:3000/my-sales'),
  /**
   * Pickup-code guessing: wrong codes for one reservation before collecting it locks (for
   * PICKUP_CODE_LOCK_SECONDS, the shopper told), and wrong codes one host may enter per hour.
   */
  PICKUP_CODE_FAILURES_PER_RESERVATION: z.coerce.number().int().min(1).default(RATE_LIMITS.pickupCodeFailuresPerReservation.limit),
  PICKUP_CODE_LOCK_SECONDS: z.coerce.number().int().min(1).default(RATE_LIMITS.pickupCodeFailuresPerReservation.lockSeconds),
  PICKUP_CODE_FAILURES_PER_HOST: z.coerce.number().int().min(1).default(RATE_LIMITS.pickupCodeFailuresPerHost.limit),
  /** Where the pickup-code counts are kept: Redis (shared by every replica) or this process (standalone). */
  RATE_LIMIT_STORE: z.enum(['redis', 'memory']).default('redis'),
  REDIS_URL: z.string().optional(),
  /** Where the web app is served: a price sticker's QR code leads to the item's page there. */
  PUBLIC_URL: z.string().url().optional(),
  /** Reservation money goes through the same provider adapter as memberships (libs/payment-provider). */
  ...stripeConfig,
};

export type ItemsConfig = import('@garage/service-kit').BaseConfig & z.infer<z.ZodObject<typeof itemsConfig>>;

export function siteUrl(config: Pick<ItemsConfig, 'PUBLIC_URL'>): string {
  return (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
}
