import type { EntityManager } from 'typeorm';
import type { MarkdownApplied } from '@garage/contracts';
import type { Emit } from '@garage/event-bus';
import { saleZone, todayIn } from '../route-plans/drop-out.js';

/**
 * A host's scheduled markdown applied (issue 39): the members a price drop of one of its items
 * would reach (who saved the sale or an item of it not yet sold, or have the sale in a route plan
 * for today or a coming day on the sale's clock) are told once per markdown, not once per item:
 * the key `markdown:{id}` is kept once per member by notifications, and the items' own
 * `item.updated` events, which name the markdown, tell nobody (on-item-changed). Same kind and
 * delivery as a price drop (`price_drop`, `instant`), linked to the sale. The host is never told.
 */
export async function requestMarkdownNotices(manager: EntityManager, emit: Emit, markdown: MarkdownApplied, now: Date): Promise<void> {
  const [sale] = await manager.query(`SELECT id, title, latitude, longitude FROM sales WHERE id = $1 AND NOT deleted`, [markdown.saleId]);
  if (!sale) return;
  const today = todayIn(saleZone({ latitude: sale.latitude, longitude: sale.longitude }), now);
  const people: Array<{ user_id: number }> = await manager.query(
    `SELECT f.user_id FROM favorite_items f JOIN items i ON i.id = f.item_id
       WHERE i.garage_sale_id = $1 AND NOT i.is_sold AND NOT i.deleted
     UNION
     SELECT user_id FROM favorite_sales WHERE sale_id = $1
     UNION
     SELECT p.user_id FROM route_plan_sales ps JOIN route_plans p ON p.id = ps.plan_id WHERE ps.sale_id = $1 AND p.plan_date >= $2::date
     ORDER BY user_id`,
    [sale.id, today],
  );
  const cut = markdown.percentOff === 50 ? 'half price' : `${markdown.percentOff} % off`;
  for (const { user_id: userId } of people) {
    if (userId === markdown.hostId) continue;
    emit('notice.requested', 1, {
      userId,
      kind: 'price_drop',
      key: `markdown:${markdown.markdownId}`,
      title: `Markdown: ${sale.title}`,
      message: `Everything not reserved or sold at "${sale.title}" is now ${cut}.`,
      savedSearchId: null,
      itemId: null,
      saleId: sale.id,
      data: { markdownId: markdown.markdownId, percentOff: markdown.percentOff, startsAt: markdown.startsAt },
      delivery: 'instant',
    });
  }
}
