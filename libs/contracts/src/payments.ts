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

/**
 * A member's premium as payments holds it (`GET /internal/memberships/{userId}`, between services
 * only): the end of the paid period (after a refund, the refund's moment; null when the member
 * never had one) and whether it is running at the moment payments answers. Payments commits every
 * start and end of a membership before it answers the call that made it, so this is the word a
 * premium-gated decision asks for (see "Projections lag; owners answer" in docs/architecture.md).
 */
export const memberPremiumSchema = z.object({
  userId: z.number().int(),
  premiumExpiresAt: z.string().nullable(),
  isPremium: z.boolean(),
});
export type MemberPremium = z.infer<typeof memberPremiumSchema>;

/** Days after a membership payment within which it is refunded in full on request (spec: 30-day money-back). */
export const MEMBERSHIP_REFUND_DAYS = 30;
/** Days before a renewal that the member is reminded of it (in the app and by email). */
export const MEMBERSHIP_REMINDER_DAYS = 7;

/**
 * `none`: never subscribed. `active`: premium, renews at `renewsAt`. `cancelled`: premium until
 * `endsAt`, then free; can be resumed until then. `past_due`: the renewal payment failed; premium
 * until `endsAt`. `refunded`: the latest payment was refunded and premium ended at `endsAt`.
 * `ended`: the paid period is over.
 */
export const MEMBERSHIP_STATUSES = ['none', 'active', 'cancelled', 'past_due', 'refunded', 'ended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const membershipSchema = z.object({
  status: z.enum(MEMBERSHIP_STATUSES),
  isPremium: z.boolean(),
  /** When the next yearly payment is taken (only while `active`). */
  renewsAt: z.string().nullable(),
  /** When premium ends or ended (cancelled, past_due, refunded, ended). */
  endsAt: z.string().nullable(),
  priceCents: z.number().int(),
  currency: z.string(),
  refund: z.object({
    /** Whether `POST /api/payments/membership/refund` would give money back now. */
    eligible: z.boolean(),
    /** The last moment the latest payment can be refunded (null without a payment). */
    until: z.string().nullable(),
    amountCents: z.number().int().nullable(),
  }),
});
export type Membership = z.infer<typeof membershipSchema>;

export const RECEIPT_KINDS = ['charge', 'refund'] as const;
export const receiptSchema = z.object({
  id: z.number().int(),
  kind: z.enum(RECEIPT_KINDS),
  /** What the money was for, in words ("Garage Premium membership, first year"). */
  description: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  occurredAt: z.string(),
  paymentIntentId: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptListSchema = z.object({ receipts: z.array(receiptSchema) });
export type ReceiptList = z.infer<typeof receiptListSchema>;

export const membershipRefundSchema = z.object({
  refund: z.object({
    paymentIntentId: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    refundedAt: z.string(),
  }),
  membership: membershipSchema,
});
export type MembershipRefund = z.infer<typeof membershipRefundSchema>;

/** The texts the membership calls answer with (409 unless said otherwise). */
export const MEMBERSHIP_ERRORS = {
  refundWindowPassed:
    'The 30-day money-back guarantee has passed: your latest payment was more than 30 days ago. You can still cancel, and premium stays until the paid period ends.',
  nothingToRefund: 'There is no membership payment to refund',
  nothingToCancel: 'There is no renewing membership to cancel',
  nothingToResume: 'There is no cancelled membership to resume: it has ended or was refunded. Subscribe again instead.',
  singleYear: 'This membership was bought as a single year before memberships renewed, so it cannot renew. Subscribe again when it ends.',
} as const;
