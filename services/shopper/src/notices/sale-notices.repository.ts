import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Emit } from '@garage/event-bus';
import type { SaleChange } from '@garage/contracts';

export type SaleNoticeKind = 'sale_cancelled' | 'sale_deleted' | 'sale_changed';

export interface SaleNotice {
  saleId: number;
  /** The host: never told about their own change. */
  ownerId: number;
  /** The sale version that caused the notice: the same change never reaches one member twice. */
  version: number;
  kind: SaleNoticeKind;
  title: string;
  message: string;
  changes: SaleChange[];
  /** Plans for days before this one are history: their sales changing tell nobody. */
  today: string;
  /** Members told of this already in another notice (a cancellation on the sale's day: its drop-out). */
  except?: ReadonlySet<number>;
}

/**
 * Cancel and change notices for the shoppers who follow a sale: those who favourited it and those
 * with it in a saved route plan for today or later. Shopper knows who follows what; notifications
 * delivers (the bell, and an email unless the member turned those off).
 */
@Injectable()
export class SaleNoticesRepository {
  /** Asks for one notice per follower; returns how many were asked for. */
  async request(manager: EntityManager, emit: Emit, notice: SaleNotice): Promise<number> {
    const followers: Array<{ user_id: number }> = await manager.query(
      `SELECT user_id FROM favorite_sales WHERE sale_id = $1
       UNION
       SELECT p.user_id FROM route_plan_sales ps JOIN route_plans p ON p.id = ps.plan_id
       WHERE ps.sale_id = $1 AND p.plan_date >= $2::date`,
      [notice.saleId, notice.today],
    );
    const told = followers.filter((follower) => follower.user_id !== notice.ownerId && !notice.except?.has(follower.user_id));
    for (const { user_id: userId } of told) {
      emit('notice.requested', notice.version, {
        userId,
        kind: notice.kind,
        key: `sale:${notice.saleId}:v${notice.version}:${notice.kind}`,
        title: notice.title,
        message: notice.message,
        savedSearchId: null,
        itemId: null,
        saleId: notice.saleId,
        data: { changes: notice.changes },
        delivery: 'instant',
      });
    }
    return told.length;
  }
}
