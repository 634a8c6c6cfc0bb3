import { Inject, Injectable } from '@nestjs/common';
import type { CommunitySaleFollow } from '@garage/contracts';
import { notFound } from '@garage/service-kit';
import { CommunitySalesRepository } from '../projections/community-sales.repository.js';
import { FollowsRepository } from './follows.repository.js';

const NOT_FOUND = 'Community sale not found';

/**
 * Following a community sale: a follower is told once when it is cancelled or moved to its rain
 * date. A community sale this copy has not heard of yet is asked of the sales service; one nobody
 * has is a 404.
 */
@Injectable()
export class FollowsService {
  constructor(
    @Inject(FollowsRepository) private readonly follows: FollowsRepository,
    @Inject(CommunitySalesRepository) private readonly communitySales: CommunitySalesRepository,
  ) {}

  async get(userId: number, communitySaleId: number): Promise<CommunitySaleFollow> {
    await this.requireKnown(communitySaleId);
    const followedAt = await this.follows.followedAt(userId, communitySaleId);
    return { communitySaleId, following: followedAt !== null, followedAt: followedAt?.toISOString() ?? null };
  }

  async follow(userId: number, communitySaleId: number): Promise<{ created: boolean; body: CommunitySaleFollow }> {
    await this.requireKnown(communitySaleId);
    const { created, followedAt } = await this.follows.follow(userId, communitySaleId);
    return { created, body: { communitySaleId, following: true, followedAt: followedAt.toISOString() } };
  }

  async unfollow(userId: number, communitySaleId: number): Promise<void> {
    await this.requireKnown(communitySaleId);
    await this.follows.unfollow(userId, communitySaleId);
  }

  private async requireKnown(communitySaleId: number): Promise<void> {
    if (!(await this.communitySales.findOrAsk(communitySaleId))) throw notFound(NOT_FOUND);
  }
}
