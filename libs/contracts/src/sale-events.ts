import { z } from 'zod';
import { COMMUNITY_SALE_ENTRY_STATUSES } from './community-sales.js';
import { SALE_STATUSES } from './constants.js';
import { STORED_LIVE_STATES } from './live-status.js';

/** The `sale.*` events' payloads (joined into `eventDataSchemas` in events.ts). */

export const saleSnapshot = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  status: z.enum(SALE_STATUSES),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /**
   * The community sale the sale is in (at most one at a time), its standing there (`pending` or
   * `approved`) and its number (null while pending). Optional so snapshots recorded before
   * community sales still parse; null when it is in none.
   */
  community_sale_id: z.number().int().nullable().optional(),
  community_sale_status: z.enum(COMMUNITY_SALE_ENTRY_STATUSES).nullable().optional(),
  community_sale_number: z.number().int().nullable().optional(),
  /**
   * The live state as stored (never `ended`, which is derived from the hours at read time) and when
   * it was said. It holds only on the sale-clock day of `live_state_at`: a multi-day sale starts
   * each day with none. Optional so snapshots recorded before live status still parse.
   */
  live_state: z.enum(STORED_LIVE_STATES).nullable().optional(),
  live_state_at: z.string().nullable().optional(),
  /** How the host takes money. Optional so snapshots recorded before it still parse (none said). */
  payment_methods: z.array(z.string()).optional(),
  /**
   * When members see the exact address (`YYYY-MM-DDTHH:MM` on the sale's clock; null: now). A
   * consumer that hands the sale to members reads the moment with `addressShown`.
   */
  address_visible_from: z.string().nullable().optional(),
  /** Whether members may write to the host about the sale. Optional so older snapshots still parse (absent: true). */
  messages_enabled: z.boolean().optional(),
});
export type SaleSnapshot = z.infer<typeof saleSnapshot>;

/**
 * Why a sale changed when its host did not change it: its community sale moved to the rain date
 * (every joined sale's dates moved with it; shopper tells its people once, about the community sale,
 * not once per sale), or it joined, was approved in or left one; or its live state changed
 * (`{change: 'live_state'}`, the host's word or shoppers' reports). Absent on a host's own edit.
 */
export const saleUpdated = saleSnapshot.extend({
  cause: z
    .union([
      z.object({
        communitySaleId: z.number().int(),
        change: z.enum(['moved_to_rain_date', 'joined', 'approved', 'left']),
      }),
      // Its live state changed: the host said so, or shoppers' reports made it `likely_over`.
      z.object({ change: z.literal('live_state') }),
    ])
    .optional(),
});
export type SaleUpdated = z.infer<typeof saleUpdated>;

/**
 * `sale.created` may name items its host listed with the sale (`POST /api/sales` with `itemIds`):
 * the items service puts those of them the host owns into the sale as it applies the event, so no
 * second call has to race the event. Projections keep only the snapshot.
 */
export const saleCreated = saleSnapshot.extend({ item_ids: z.array(z.number().int()).optional() });

export const saleDeleted = z.object({ id: z.number().int(), user_id: z.number().int() });
