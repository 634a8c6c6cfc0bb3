import { z } from 'zod';

/** The shopper service's own environment keys (the base keys are in service-kit). */
export const shopperConfig = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4006),
  /** The site's origin, for the links in calendar files (required in production; see `siteUrl`). */
  PUBLIC_URL: z.string().url().optional(),
};

export type ShopperConfig = import('@garage/service-kit').BaseConfig & z.infer<z.ZodObject<typeof shopperConfig>>;

/** The site's origin without a trailing slash; in development the standalone default. */
export function siteUrl(config: Pick<ShopperConfig, 'PUBLIC_URL'>): string {
  return (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
}
