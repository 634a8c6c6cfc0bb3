import type { EntityManager } from 'typeorm';
import type { LiveUpdatesPublisher } from '@garage/service-kit';

/**
 * A new alert: the member's open tabs learn the bell's count at once (decision 0211), counted in the
 * alert's own transaction so it includes it. Called once per alert stored (not on a redelivery).
 */
export async function tellTheBell(manager: EntityManager, live: LiveUpdatesPublisher, userId: number): Promise<void> {
  const [row] = (await manager.query(`SELECT count(*)::int AS n FROM alerts WHERE user_id = $1 AND read_at IS NULL`, [userId])) as Array<{
    n: number;
  }>;
  live.send(userId, { kind: 'alerts', unreadCount: Number(row?.n ?? 0) });
}
