import { z } from 'zod';

/** Sales' own environment keys (the base keys are in service-kit). */
export const salesConfig = {
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  /**
   * The most sales one browse call returns (nearest or soonest first). The map and the list show
   * every marker at once, so the list is bounded rather than paged.
   */
  SALES_LIST_LIMIT: z.coerce.number().int().min(1).max(5000).default(500),
  /**
   * How long a community sale's page answers (the community sale, its list of sales) are kept for
   * visitors and members alike; 0 keeps none. This replica's own writes forget them at once.
   */
  COMMUNITY_SALE_PAGE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Where the web app is served: a printout's QR code leads to the community sale's page there. */
  PUBLIC_URL: z.string().url().optional(),
  /** How often the lifecycle job marks ended sales `completed`. */
  SALE_LIFECYCLE_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /** How often due markdowns are applied: a markdown applies at most this late. */
  MARKDOWN_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * Where the views of sales and their distinct viewers are counted: Redis (shared by every
   * replica, kept across restarts) or this process (standalone, lost on a restart), as the rate
   * limits choose.
   */
  RATE_LIMIT_STORE: z.enum(['redis', 'memory']).default('redis'),
  REDIS_URL: z.string().optional(),
};

export type SalesConfig = import('@garage/service-kit').BaseConfig & z.infer<z.ZodObject<typeof salesConfig>>;

export function siteUrl(config: Pick<SalesConfig, 'PUBLIC_URL'>): string {
  return (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
}
