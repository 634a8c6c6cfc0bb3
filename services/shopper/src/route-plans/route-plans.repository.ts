import { Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { RoutePlan, RoutePlanSummary } from '@garage/contracts';
import { InjectDataSource } from '@garage/service-kit';

type StoredPlan = Omit<RoutePlan, 'id' | 'createdAt'>;

/** Saved route plans: the plan as computed (a snapshot) and the sales it names. */
@Injectable()
export class RoutePlansRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Saves the plan and every sale it names (planned or not), so their changes reach the planner. */
  async insert(userId: number, plan: StoredPlan, saleIds: number[]): Promise<RoutePlan> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query(
        `INSERT INTO route_plans (user_id, name, plan_date, plan) VALUES ($1, $2, $3::date, $4::jsonb) RETURNING id, created_at`,
        [userId, plan.name, plan.date, JSON.stringify(plan)],
      );
      await manager.query(`INSERT INTO route_plan_sales (plan_id, sale_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [
        row.id,
        saleIds,
      ]);
      return { ...plan, id: row.id, createdAt: row.created_at.toISOString() };
    });
  }

  async list(userId: number): Promise<RoutePlanSummary[]> {
    const rows: Array<{ id: number; name: string | null; date: string; plan: StoredPlan; created_at: Date }> = await this.dataSource.query(
      `SELECT id, name, to_char(plan_date, 'YYYY-MM-DD') AS date, plan, created_at FROM route_plans WHERE user_id = $1 ORDER BY id DESC`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      date: row.date,
      startTime: row.plan.startTime,
      stopCount: row.plan.stops.length,
      unplannedCount: row.plan.unplanned.length,
      createdAt: row.created_at.toISOString(),
    }));
  }

  /** The caller's plan, or null (another user's plan is not theirs to see). */
  async find(userId: number, id: number): Promise<RoutePlan | null> {
    const [row] = await this.dataSource.query(`SELECT id, plan, created_at FROM route_plans WHERE id = $1 AND user_id = $2`, [id, userId]);
    return row ? { ...row.plan, id: row.id, createdAt: row.created_at.toISOString() } : null;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.dataSource.query(`DELETE FROM route_plans WHERE id = $1 AND user_id = $2 RETURNING id`, [
      id,
      userId,
    ]);
    return rows.length > 0;
  }
}
