import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SaleSnapshot } from '@garage/contracts';
import type { Emit, SaleRow } from '@garage/event-bus';
import { DROP_OUT_WORDS, dropOutOf, saleZone, todayIn, type DropOut } from '../route-plans/drop-out.js';

/**
 * What a sale's new version means for the day it is on (on its own clock):
 * - it dropped out (closed early, cancelled, or likely over): each shopper with it in a route plan
 *   for that day, who saved it, or who follows the community sale it is approved in is told once:
 *   the first time it drops out that day (`sale_drop_outs`; a later version tells nobody), under the key
 *   `sale:{id}:dropped:{date}` that notifications keeps once per member, so neither a redelivered
 *   event nor a second cause the same day tells anyone twice. `instant`: the bell, and an email
 *   to members who turned drop-out emails on (notifications holds that setting, decision 0260).
 * - shoppers' check-ins made it `likely_over`: its host is asked at once, in the app, to confirm.
 * Returns who was told of the drop-out, so a cancellation's own notice is not sent them again.
 */
@Injectable()
export class DropOutNotices {
  async request(
    manager: EntityManager,
    emit: Emit,
    before: SaleRow | null,
    sale: SaleSnapshot,
    version: number,
    now: Date,
  ): Promise<Set<number>> {
    const zone = saleZone(sale);
    const today = todayIn(zone, now);
    if (likelyOverOn(sale, zone, today) && !(before && likelyOverOn(before, zone, today))) askHost(emit, sale, version);
    const told = new Set<number>();
    if (today < sale.start_date || today > sale.end_date) return told;
    const dropOut = dropOutOf({ ...sale, deleted: false }, today, zone, now);
    if (!dropOut) return told;
    // A sale first heard of here is in nobody's plan, and when it was cancelled is not known.
    if (!before || before.deleted) return told;
    // Once per sale and day, whatever comes after (the host reopening it, shoppers reporting it over again).
    const first: unknown[] = await manager.query(
      `INSERT INTO sale_drop_outs (sale_id, day, cause) VALUES ($1, $2::date, $3) ON CONFLICT DO NOTHING RETURNING sale_id`,
      [sale.id, today, dropOut.cause],
    );
    if (first.length === 0) return told;

    const communitySaleId = sale.community_sale_status === 'approved' ? (sale.community_sale_id ?? null) : null;
    const people: Array<{ user_id: number }> = await manager.query(
      `SELECT user_id FROM favorite_sales WHERE sale_id = $1
       UNION
       SELECT p.user_id FROM route_plan_sales ps JOIN route_plans p ON p.id = ps.plan_id WHERE ps.sale_id = $1 AND p.plan_date = $2::date
       UNION
       SELECT user_id FROM community_sale_follows WHERE community_sale_id = $3::integer
       ORDER BY user_id`,
      [sale.id, today, communitySaleId],
    );
    for (const { user_id: userId } of people) {
      if (userId === sale.user_id) continue;
      told.add(userId);
      emit('notice.requested', version, {
        userId,
        kind: 'sale_dropped_out',
        key: `sale:${sale.id}:dropped:${today}`,
        title: `${DROP_OUT_WORDS[dropOut.cause]}: ${sale.title}`,
        message: messageOf(sale, dropOut),
        savedSearchId: null,
        itemId: null,
        saleId: sale.id,
        data: { cause: dropOut.cause, date: today, at: dropOut.at },
        delivery: 'instant',
      });
    }
    return told;
  }
}

function likelyOverOn(sale: Pick<SaleSnapshot, 'live_state' | 'live_state_at'>, zone: string | null, today: string): boolean {
  return sale.live_state === 'likely_over' && !!sale.live_state_at && todayIn(zone, new Date(sale.live_state_at)) === today;
}

function messageOf(sale: SaleSnapshot, dropOut: DropOut): string {
  const where = `"${sale.title}" in ${sale.city}, ${sale.state}`;
  const what = {
    closed_early: `The host of ${where} closed it early today.`,
    cancelled: `The host cancelled ${where} today.`,
    likely_over: `Shoppers at ${where} report it is over for today.`,
  }[dropOut.cause];
  return `${what} It is no longer a stop of today's route plans: open yours to re-plan the rest of the day.`;
}

/** The host, in the app: shoppers say the sale is over; a tap on the sale page says otherwise. */
function askHost(emit: Emit, sale: SaleSnapshot, version: number): void {
  emit('notice.requested', version, {
    userId: sale.user_id,
    kind: 'sale_likely_over',
    key: `sale:${sale.id}:likely-over:${sale.live_state_at}`,
    title: `Is "${sale.title}" still going?`,
    message: 'Several shoppers said your sale is over for today. Open your sale and say whether it is still open, winding down or closed.',
    savedSearchId: null,
    itemId: null,
    saleId: sale.id,
    data: { liveStateAt: sale.live_state_at },
    delivery: 'in_app',
  });
}
