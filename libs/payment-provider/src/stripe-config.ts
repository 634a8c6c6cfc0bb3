import { z } from 'zod';

/**
 * The environment keys of every service that talks to the payment provider (payments for
 * memberships, items for reservations). Without `STRIPE_SECRET_KEY` the simulated provider is used;
 * with it, Stripe, which then also needs the webhook signing secret and the publishable key
 * (checked at boot by `paymentProviderFrom`).
 */
export const stripeConfig = {
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** How old a signed webhook may be before it is refused as a replay (Stripe's default is 300 s). */
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Where the Stripe SDK sends its calls; only set to reach a stand-in (tests). */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
};

export type StripeConfig = z.infer<z.ZodObject<typeof stripeConfig>>;
