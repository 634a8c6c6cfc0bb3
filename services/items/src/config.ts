import { z } from 'zod';

/** Items' own environment keys (the base keys are in service-kit). */
export const itemsConfig = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  /**
   * How long a call waits for an event this service has not applied yet: a write naming a sale
   * created a moment ago (`sale.created` may still be on its way), or a reserve by a member whose
   * `user.premium_activated` has not arrived. Commits wake the wait (see ProjectionWaiter); a sale
   * still unknown after it is a retryable 503, never a 403.
   */
  PROJECTION_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(1500),
};

export type ItemsConfig = import('@garage/service-kit').BaseConfig & z.infer<z.ZodObject<typeof itemsConfig>>;
