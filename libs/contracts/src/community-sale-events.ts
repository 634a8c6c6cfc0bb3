import { z } from 'zod';
import { COMMUNITY_SALE_ENTRY_STATUSES, communitySaleSchema } from './community-sales.js';

/** The `community_sale.*` events' payloads (joined into `EVENT_SCHEMAS` in events.ts). */

/** The community sale object as its events carry it: all but the counts a read adds. */
export const communitySaleSnapshot = communitySaleSchema.omit({ saleCount: true, distance: true });
export type CommunitySaleSnapshot = z.infer<typeof communitySaleSnapshot>;

/**
 * A cancel or a move to the rain date names the sales in it then (pending and approved): whom to
 * tell, once per person. A move also says the days before it (the sales' own moves follow as
 * `sale.updated` with `cause`).
 */
export const communitySaleCancelled = communitySaleSnapshot.extend({ saleIds: z.array(z.number().int()) });
export const communitySaleMoved = communitySaleCancelled.extend({ previousDays: communitySaleSnapshot.shape.days });

/**
 * A sale's membership in a community sale: it joined (`pending`, or `approved` with its number when
 * no approval is needed), was approved (now with its number) or left (by its host, or removed by the
 * organiser; `number` is the one it had, never given again). Each is also a `sale.updated` of the
 * sale with the same envelope version (the sale's), so consumers order both per sale.
 */
export const communitySaleMembership = z.object({
  communitySaleId: z.number().int(),
  saleId: z.number().int(),
  hostId: z.number().int(),
  status: z.enum(COMMUNITY_SALE_ENTRY_STATUSES),
  number: z.number().int().nullable(),
});
export type CommunitySaleMembership = z.infer<typeof communitySaleMembership>;
export const communitySaleSaleLeft = communitySaleMembership.extend({ by: z.enum(['host', 'organizer']) });
