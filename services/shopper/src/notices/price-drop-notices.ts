import type { EntityManager } from 'typeorm';
import { fromCents, toCents, type ItemSnapshot } from '@garage/contracts';
import type { Emit } from '@garage/event-bus';
import { saleZone, todayIn } from '../route-plans/drop-out.js';

/** The item's price in the projection before an event is applied (cents), or null if it was not there. */
export async function priceBefore(manager: EntityManager, itemId: number): Promise<number | null> {
  const [row] = await manager.query(`SELECT price_cents FROM items WHERE id = $1 AND NOT deleted`, [itemId]);
  return row ? Number(row.price_cents) : null;
}

/**
 * A host lowered an item's price (issue 39): each member who saved the item, saved its sale, or has
 * the sale in a route plan for today or a coming day (on the sale's clock) is told once per drop:
 * the key `item:{id}:price:{cents}` is kept once per member by notifications, so a redelivered event
 * tells nobody twice, and a later, lower price is a new drop. `instant`: the bell, and an email
 * unless the member turned off emails about sales they follow. Saved searches are the matcher's:
 * an item that now matches a search by its price is a new match, told as matches are. The host, and
 * an item sold or in no sale, tell nobody.
 */
export async function requestPriceDropNotices(
  manager: EntityManager,
  emit: Emit,
  before: number | null,
  item: ItemSnapshot,
  version: number,
  now: Date,
): Promise<void> {
  const cents = toCents(item.price);
  if (before === null || cents >= before || item.is_sold || item.garage_sale_id === null) return;
  const [sale] = await manager.query(`SELECT id, title, latitude, longitude FROM sales WHERE id = $1 AND NOT deleted`, [
    item.garage_sale_id,
  ]);
  if (!sale) return;
  const today = todayIn(saleZone({ latitude: sale.latitude, longitude: sale.longitude }), now);
  const people: Array<{ user_id: number }> = await manager.query(
    `SELECT user_id FROM favorite_items WHERE item_id = $1
     UNION
     SELECT user_id FROM favorite_sales WHERE sale_id = $2
     UNION
     SELECT p.user_id FROM route_plan_sales ps JOIN route_plans p ON p.id = ps.plan_id WHERE ps.sale_id = $2 AND p.plan_date >= $3::date
     ORDER BY user_id`,
    [item.id, sale.id, today],
  );
  const was = dollars(before);
  const is = dollars(cents);
  for (const { user_id: userId } of people) {
    if (userId === item.user_id) continue;
    emit('notice.requested', version, {
      userId,
      kind: 'price_drop',
      key: `item:${item.id}:price:${cents}`,
      title: `Price drop: ${item.title}`,
      message: `"${item.title}" at "${sale.title}" is now ${is} (was ${was}).`,
      savedSearchId: null,
      itemId: item.id,
      saleId: sale.id,
      data: { priceCents: cents, previousPriceCents: before },
      delivery: 'instant',
    });
  }
}

function dollars(cents: number): string {
  return `$${fromCents(cents).toFixed(2)}`;
}
