import { z } from 'zod';

/**
 * What a sale's listing did (`GET /api/sales/{id}/stats`, the host's): each owner counts what it
 * owns and the sales service adds them up. `views` and `items[].views` are reads by anyone but the
 * host, visitors included; `uniqueViewers` counts each member or visitor once a day (a visitor by a
 * daily salted hash that is never stored); `byDay` dates are on the sale's clock.
 */
export const saleStatsSchema = z.object({
  views: z.number().int().min(0),
  uniqueViewers: z.number().int().min(0),
  saves: z.number().int().min(0),
  plans: z.number().int().min(0),
  alertMatches: z.number().int().min(0),
  reservations: z.number().int().min(0),
  pickups: z.number().int().min(0),
  checkIns: z.object({ going: z.number().int().min(0), notGoing: z.number().int().min(0) }),
  items: z.array(z.object({ itemId: z.number().int(), views: z.number().int().min(0) })),
  byDay: z.array(
    z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      views: z.number().int().min(0),
      uniqueViewers: z.number().int().min(0),
    }),
  ),
});
export type SaleStats = z.infer<typeof saleStatsSchema>;

/** Items' part, on `GET /internal/sales/{id}/stats` of the items service. */
export interface ItemsSaleStats {
  items: Array<{ itemId: number; views: number }>;
  reservations: number;
  pickups: number;
}

/** Shopper's part, on `GET /internal/sales/{id}/stats` of the shopper service. */
export interface ShopperSaleStats {
  saves: number;
  plans: number;
  alertMatches: number;
}
