import { Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { InjectDataSource } from '@garage/service-kit';

/** Who follows which community sale (one row per member and community sale). */
@Injectable()
export class FollowsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Follows, keeping the first `followed_at`; `created` is false when it was followed already. */
  async follow(userId: number, communitySaleId: number): Promise<{ created: boolean; followedAt: Date }> {
    const [inserted] = await this.dataSource.query(
      `INSERT INTO community_sale_follows (user_id, community_sale_id) VALUES ($1, $2)
       ON CONFLICT (user_id, community_sale_id) DO NOTHING RETURNING followed_at`,
      [userId, communitySaleId],
    );
    if (inserted) return { created: true, followedAt: inserted.followed_at };
    const followedAt = await this.followedAt(userId, communitySaleId);
    // Unfollowed between the two statements: following again is what was asked.
    return followedAt ? { created: false, followedAt } : this.follow(userId, communitySaleId);
  }

  async unfollow(userId: number, communitySaleId: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM community_sale_follows WHERE user_id = $1 AND community_sale_id = $2`, [
      userId,
      communitySaleId,
    ]);
  }

  async followedAt(userId: number, communitySaleId: number): Promise<Date | null> {
    const [row] = await this.dataSource.query(
      `SELECT followed_at FROM community_sale_follows WHERE user_id = $1 AND community_sale_id = $2`,
      [userId, communitySaleId],
    );
    return row?.followed_at ?? null;
  }
}
