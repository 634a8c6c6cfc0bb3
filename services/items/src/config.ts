import { z } from 'zod';

/** Items' own environment keys (the base keys are in service-kit). */
export const itemsConfig = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  /**
   * How long a write that names a sale waits for that sale to reach this service's projection.
   * The SPA assigns items right after creating a sale; the `sale.created` event may still be on
   * its way, and a short wait turns that race into a success instead of a false 403/404.
   */
  SALE_SYNC_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(1500),
};

export type ItemsConfig = import('@garage/service-kit').BaseConfig & z.infer<z.ZodObject<typeof itemsConfig>>;
