import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { SaleChange } from '@garage/contracts';
import { InjectDataSource } from '@garage/service-kit';

export type SaleAlertKind = 'sale_cancelled' | 'sale_deleted' | 'sale_changed';

export interface SaleAlert {
  saleId: number;
  /** The host: never alerted about their own change. */
  ownerId: number;
  /** The sale version that caused the alert: the same change never alerts one user twice. */
  version: number;
  kind: SaleAlertKind;
  title: string;
  message: string;
  changes: SaleChange[];
  /** Plans for days before this one are history: their sales changing alerts nobody. */
  today: string;
}

/**
 * Cancel and change alerts for the shoppers who follow a sale: those who favourited it and those
 * with it in a saved route plan for today or later.
 */
@Injectable()
export class SaleAlertsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records one alert per follower; returns how many were created. */
  async record(manager: EntityManager, alert: SaleAlert): Promise<number> {
    const rows: unknown[] = await manager.query(
      `WITH followers AS (
         SELECT user_id FROM favorite_sales WHERE sale_id = $1
         UNION
         SELECT p.user_id FROM route_plan_sales ps JOIN route_plans p ON p.id = ps.plan_id
         WHERE ps.sale_id = $1 AND p.plan_date >= $2::date
       )
       INSERT INTO alerts (user_id, kind, sale_id, title, message, data, change_key, email_status)
       SELECT f.user_id, $3, $1, $4, $5, jsonb_build_object('changes', $6::jsonb), $7,
              CASE WHEN coalesce(u.sale_update_emails, true) THEN 'pending' ELSE 'none' END
       FROM followers f
       LEFT JOIN users u ON u.id = f.user_id
       WHERE f.user_id <> $8
       ON CONFLICT (user_id, change_key) WHERE change_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [
        alert.saleId,
        alert.today,
        alert.kind,
        alert.title,
        alert.message,
        JSON.stringify(alert.changes),
        `sale:${alert.saleId}:v${alert.version}:${alert.kind}`,
        alert.ownerId,
      ],
    );
    return rows.length;
  }
}
