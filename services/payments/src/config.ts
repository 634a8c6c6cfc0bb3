import { z } from 'zod';
import { stripeConfig } from '@garage/payment-provider';

/** Payments' own environment keys (the base keys are in service-kit; the provider's in payment-provider). */
export const paymentsConfig = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  /** How often renewal reminders and (simulated provider) renewals are looked for. */
  MEMBERSHIP_RENEWALS_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * How long confirm-subscription and a refund may wait, after committing, for auth's profile to
   * show the change (see MembershipSettling); 0 answers at once.
   */
  MEMBERSHIP_SETTLE_MS: z.coerce.number().int().min(0).max(10_000).default(3000),
  ...stripeConfig,
};

export type PaymentsConfig = import('@garage/service-kit').BaseConfig & z.infer<z.ZodObject<typeof paymentsConfig>>;
