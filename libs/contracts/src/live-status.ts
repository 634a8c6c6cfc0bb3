import { z } from 'zod';

/**
 * A sale's live state on the day it is on (issue 38, "Live status"), separate from its `status`:
 * what its host said (`open`, `winding_down`, `closed_early`), what shoppers' "not going" answers
 * made of it (`likely_over`), or `ended`, derived at read time once the day's hours are past (never
 * stored, never in an event). A said state holds only on the sale-clock day it was said.
 */
export const SAID_LIVE_STATES = ['open', 'winding_down', 'closed_early'] as const;
export type SaidLiveState = (typeof SAID_LIVE_STATES)[number];
export const STORED_LIVE_STATES = [...SAID_LIVE_STATES, 'likely_over'] as const;
export type StoredLiveState = (typeof STORED_LIVE_STATES)[number];
export const LIVE_STATES = [...STORED_LIVE_STATES, 'ended'] as const;
export type LiveState = (typeof LIVE_STATES)[number];

/** A check-in counts only this close to the sale (haversine miles). */
export const CHECK_IN_RADIUS_MILES = 0.5;
/** One check-in per shopper per sale in this long. */
export const CHECK_IN_INTERVAL_MS = 60 * 60 * 1000;
/** This many "not going" from distinct shoppers within `CHECK_IN_INTERVAL_MS`, with no host word since, make a sale `likely_over`. */
export const GHOST_REPORTS = 3;

/** PUT /api/sales/{id}/live-status. */
export const liveStatusBodySchema = z.object({
  state: z.enum(SAID_LIVE_STATES, { message: 'State must be one of open, winding_down, closed_early' }),
});
export type LiveStatusBody = z.infer<typeof liveStatusBodySchema>;

const coordinate = (label: string, limit: number) =>
  z
    .number({ message: `${label} must be a number` })
    .refine((value) => Number.isFinite(value) && Math.abs(value) <= limit, `${label} must be between -${limit} and ${limit}`);

/** POST /api/sales/{id}/check-ins: the shopper's answer and where the browser says she is. */
export const checkInBodySchema = z.object({
  going: z.boolean({ message: 'Going must be true or false' }),
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
});
export type CheckInBody = z.infer<typeof checkInBodySchema>;

/**
 * What sale objects carry of it. Optional so answers of older builds still parse. `confirmed_at` is
 * the latest "going" today (sale clock), `confirmed_count` the distinct shoppers who said "going"
 * today since the host last said something ("Confirmed 12 min ago by 3 shoppers").
 */
export const saleLiveShape = {
  live_state: z.enum(LIVE_STATES).nullable().optional(),
  live_state_at: z.string().nullable().optional(),
  confirmed_at: z.string().nullable().optional(),
  confirmed_count: z.number().int().optional(),
  /** The IANA zone its dates and hours are read in (its clock), so a client can tell "today" as the server does. */
  time_zone: z.string().optional(),
};

/** The 201 of a check-in: the answer kept, and the sale's live state and summary after it. */
export const checkInResultSchema = z.object({
  check_in: z.object({
    id: z.number().int(),
    sale_id: z.number().int(),
    going: z.boolean(),
    created_at: z.string(),
  }),
  live_state: z.enum(LIVE_STATES).nullable(),
  live_state_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  confirmed_count: z.number().int(),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;
