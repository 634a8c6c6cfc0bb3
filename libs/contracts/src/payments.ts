import { z } from 'zod';
import { plainString } from './common.js';

export const subscribeResponseSchema = z.object({ paymentIntentId: z.string(), clientSecret: z.string() });
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

export const confirmSubscriptionBodySchema = z.object({
  paymentIntentId: plainString('paymentIntentId', { message: 'paymentIntentId is required' })
    .trim()
    .min(1, 'paymentIntentId is required')
    .max(255, 'paymentIntentId is too long'),
});
export type ConfirmSubscriptionBody = z.infer<typeof confirmSubscriptionBodySchema>;

export const confirmSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  premiumExpiresAt: z.string(),
});
export type ConfirmSubscriptionResponse = z.infer<typeof confirmSubscriptionResponseSchema>;

/** GET /api/payments/config: what the SPA needs to choose the card step (Stripe) or the test-mode step. */
export const paymentsConfigSchema = z.object({
  provider: z.enum(['simulated', 'stripe']),
  publishableKey: z.string().nullable(),
  priceCents: z.number().int(),
  currency: z.string(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
