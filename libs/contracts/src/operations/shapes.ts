import { z } from 'zod';
import { itemSchema } from '../items.js';
import { reservationSchema } from '../reservations.js';
import { saleSchema } from '../sales.js';

/** Shapes answered by calls whose schema lives nowhere else: documented here, next to the call. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  degraded: z.array(z.string()).optional(),
  failing: z.array(z.string()).optional(),
  error: z.string().optional(),
});
export const liveSchema = z.object({ status: z.literal('ok') });
export const saleDetailSchema = saleSchema.extend({ items: z.array(itemSchema) });
export const reserveResultSchema = itemSchema.extend({ reservation: reservationSchema });
export const ratingResultSchema = z.object({ stars: z.number().int(), review: z.string().nullable() });
export const webhookResultSchema = z.object({ received: z.literal(true) });
export const devMailSchema = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      from: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      headers: z.record(z.string(), z.string()).optional(),
      sentAt: z.string(),
    }),
  ),
});
