import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { InjectDataSource } from '@garage/service-kit';

/** Members' blocks and reports. */
@Injectable()
export class SafetyRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Blocks `blockedId` for `blockerId` (again: the first block stands); answers when it began. */
  async block(blockerId: number, blockedId: number): Promise<Date> {
    await this.dataSource.query(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      blockerId,
      blockedId,
    ]);
    const [row] = await this.dataSource.query(`SELECT created_at FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, [
      blockerId,
      blockedId,
    ]);
    return row.created_at;
  }

  async blocks(manager: EntityManager, blockerId: number, blockedId: number): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, [blockerId, blockedId]);
    return rows.length > 0;
  }

  async report(conversationId: number, reporterId: number, reason: string): Promise<{ id: number; created_at: Date }> {
    const [row] = await this.dataSource.query(
      `INSERT INTO reports (conversation_id, reporter_id, reason) VALUES ($1, $2, $3) RETURNING id, created_at`,
      [conversationId, reporterId, reason],
    );
    return row;
  }
}
