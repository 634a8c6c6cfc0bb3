import { z } from 'zod';
import { idSchema } from './common.js';
import { MARKDOWN_MAX_PERCENT, MARKDOWN_MIN_PERCENT } from './constants.js';
import { localDateTimeSchema } from './sale-place.js';

/**
 * Scheduled markdowns (issue 39, "Price drops"): a host's sale-wide cut at a moment on the sale's
 * clock ("Sunday 1 p.m., 50 % off everything left"). The sales service keeps them and applies them
 * when due; the items service cuts the prices of the sale's items that are not reserved or sold.
 */
export const MARKDOWN_STATUSES = ['scheduled', 'applied', 'cancelled'] as const;
export type MarkdownStatus = (typeof MARKDOWN_STATUSES)[number];

export const MARKDOWN_NOT_FOUND = 'Markdown not found';
export const MARKDOWN_NOT_SCHEDULED = 'The markdown has already been applied or cancelled';

/** POST /api/markdowns. `startsAt` is `YYYY-MM-DDTHH:MM` on the sale's clock (its days and hours are checked by the service). */
export const markdownCreateSchema = z.object({
  saleId: idSchema,
  percentOff: z
    .number({ message: 'Percent off must be a whole number' })
    .int('Percent off must be a whole number')
    .min(MARKDOWN_MIN_PERCENT, `Percent off must be between ${MARKDOWN_MIN_PERCENT} and ${MARKDOWN_MAX_PERCENT}`)
    .max(MARKDOWN_MAX_PERCENT, `Percent off must be between ${MARKDOWN_MIN_PERCENT} and ${MARKDOWN_MAX_PERCENT}`),
  startsAt: z.string({ message: 'Starts at is required' }).pipe(localDateTimeSchema),
});
export type MarkdownCreate = z.infer<typeof markdownCreateSchema>;

/** GET /api/markdowns?saleId=. */
export const markdownListQuerySchema = z.object({ saleId: idSchema });
export type MarkdownListQuery = z.infer<typeof markdownListQuerySchema>;

export const markdownSchema = z.object({
  id: z.number().int(),
  saleId: z.number().int(),
  percentOff: z.number().int(),
  /** `YYYY-MM-DDTHH:MM` on the sale's clock. */
  startsAt: z.string(),
  status: z.enum(MARKDOWN_STATUSES),
});
export type Markdown = z.infer<typeof markdownSchema>;

/**
 * What every sale object carries: the next scheduled markdown (soonest first), or null. `starts_at`
 * is on the sale's clock (`time_zone`), as the sale page shows it ("Half price from 1 PM Sunday").
 */
export const upcomingMarkdownSchema = z.object({ percent_off: z.number().int(), starts_at: z.string() }).nullable();
export type UpcomingMarkdown = z.infer<typeof upcomingMarkdownSchema>;

/** `markdown.applied`: the sales service found it due; the items service cuts the prices once per `markdownId`. */
export const markdownApplied = z.object({
  markdownId: z.number().int(),
  saleId: z.number().int(),
  percentOff: z.number().int(),
  startsAt: z.string(),
  hostId: z.number().int(),
});
export type MarkdownApplied = z.infer<typeof markdownApplied>;

/** The price after a cut of `percentOff` from `cents`, to the cent (half a cent rounds up). */
export function markedDownCents(cents: number, percentOff: number): number {
  return Math.round((cents * (100 - percentOff)) / 100);
}
