import { z } from 'zod';
import { stripeConfig } from '@garage/payments';

/** Items' own environment keys (the base keys are in service-kit). */
export const itemsConfig = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  /** How long a reserve holds the item while the shopper pays; unpaid after it, the item is free again. Fractions allowed. */
  RESERVATION_HOLD_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  /** How often lapsed holds, uncollected reservations and pending refunds and payouts are looked for. */
  RESERVATION_SWEEP_MS: z.coerce.number().int().min(50).max(3_600_000).default(15_000),
  /** Where the payout onboarding (Stripe Connect) sends the host back to, and where a stale link restarts it. */
  PAYOUT_RETURN_URL: z.string().url().default('http://localhost:3000/my-sales'),
  /** The reservation payments go through the same provider adapter as memberships (see payments). */
  ...stripeConfig,
};

export type ItemsConfig = import('@garage/service-kit').BaseConfig & z.infer<z.ZodObject<typeof itemsConfig>>;
