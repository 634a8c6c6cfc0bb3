import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CommunitySaleDay } from '@garage/contracts';
import type { Emit } from '@garage/event-bus';
import { formatDate, formatTime } from './sale-changes.js';

/** What happened to a community sale, as its notice tells it. */
export type CommunitySaleChange = { kind: 'community_sale_cancelled' } | { kind: 'community_sale_moved'; previousDays: CommunitySaleDay[] };

export interface CommunitySaleNotice {
  communitySaleId: number;
  organizerId: number;
  name: string;
  /** Its days now (after a move: the rain date). */
  days: CommunitySaleDay[];
  /** The sales in it when it changed (pending and approved): their hosts, and whoever saved them or plans to visit them. */
  saleIds: number[];
  change: CommunitySaleChange;
  /** Plans for days before this one are history: they tell nobody. */
  today: string;
}

/**
 * One notice about a cancelled or moved community sale to each person concerned: every joined
 * host, and every shopper who follows it, saved one of its sales, or has one in a route plan for
 * today or later. Once per person, however many of its sales they are linked to, and once per
 * change however often the event comes (the key: `community-sale:{id}:cancelled`, or
 * `…:moved:{new date}`, which notifications keeps once per member). The organiser, who made the
 * change, is not told.
 */
@Injectable()
export class CommunitySaleNotices {
  /** Asks for the notices; returns how many people are told. */
  async request(manager: EntityManager, emit: Emit, version: number, notice: CommunitySaleNotice): Promise<number> {
    const people: Array<{ user_id: number; host: boolean }> = await manager.query(
      `SELECT user_id, bool_or(host) AS host FROM (
         SELECT user_id, true AS host FROM sales WHERE id = ANY($2::int[]) AND NOT deleted
         UNION ALL
         SELECT user_id, false FROM community_sale_follows WHERE community_sale_id = $1
         UNION ALL
         SELECT user_id, false FROM favorite_sales WHERE sale_id = ANY($2::int[])
         UNION ALL
         SELECT p.user_id, false FROM route_plan_sales ps JOIN route_plans p ON p.id = ps.plan_id
         WHERE ps.sale_id = ANY($2::int[]) AND p.plan_date >= $3::date
       ) concerned
       WHERE user_id IS NOT NULL AND user_id <> $4
       GROUP BY user_id
       ORDER BY user_id`,
      [notice.communitySaleId, notice.saleIds, notice.today, notice.organizerId],
    );
    const { change } = notice;
    const key =
      change.kind === 'community_sale_cancelled'
        ? `community-sale:${notice.communitySaleId}:cancelled`
        : `community-sale:${notice.communitySaleId}:moved:${notice.days[0]?.date ?? ''}`;
    for (const person of people) {
      emit('notice.requested', version, {
        userId: person.user_id,
        kind: change.kind,
        key,
        title: titleOf(notice),
        message: messageOf(notice, person.host),
        savedSearchId: null,
        itemId: null,
        saleId: null,
        communitySaleId: notice.communitySaleId,
        data: {
          communitySaleName: notice.name,
          days: notice.days,
          ...(change.kind === 'community_sale_moved' ? { previousDays: change.previousDays } : {}),
          host: person.host,
        },
        delivery: 'instant',
      });
    }
    return people.length;
  }
}

function titleOf(notice: CommunitySaleNotice): string {
  return notice.change.kind === 'community_sale_cancelled' ? `Cancelled: ${notice.name}` : `Moved to its rain date: ${notice.name}`;
}

/** "May 3, 2099 (8:00 AM – 2:00 PM) and May 4, 2099 (9:00 AM – 1:00 PM)" */
export function describeDays(days: CommunitySaleDay[]): string {
  const each = days.map((day) => `${formatDate(day.date)} (${formatTime(day.startTime)} – ${formatTime(day.endTime)})`);
  return each.length <= 1 ? (each[0] ?? '') : `${each.slice(0, -1).join(', ')} and ${each[each.length - 1]}`;
}

function messageOf(notice: CommunitySaleNotice, host: boolean): string {
  const { change } = notice;
  if (change.kind === 'community_sale_cancelled') {
    const lead = `The community sale "${notice.name}" on ${describeDays(notice.days)} has been cancelled by its organiser.`;
    return host ? `${lead} Your sale in it stays as you left it.` : lead;
  }
  const lead = `The community sale "${notice.name}" moved from ${describeDays(change.previousDays)} to its rain date, ${describeDays(notice.days)}.`;
  return host
    ? `${lead} Your sale in it moved to that date too; you may leave the community sale instead.`
    : `${lead} Its sales moved with it.`;
}
