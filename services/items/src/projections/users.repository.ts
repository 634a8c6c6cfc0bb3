import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { UserSnapshot } from '@garage/contracts';
import { applySnapshot, ProjectionWaiter, userRow, type ProjectionTable } from '@garage/event-bus';
import { InjectDataSource } from '@garage/service-kit';

/** The projection of users, fed by `user.*` events: sellers' names and ratings, and premium status. */
const USERS: ProjectionTable = { name: 'users', touched: true };

@Injectable()
export class UsersRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ProjectionWaiter) private readonly projections: ProjectionWaiter,
  ) {}

  /** Applies a snapshot if it is newer than what is kept; returns whether it changed anything. */
  upsert(manager: EntityManager, user: UserSnapshot, version: number): Promise<boolean> {
    return applySnapshot(manager, USERS, userRow(user), version);
  }

  /**
   * Premium is read from this projection, never from the token: a token outlives a lapsed
   * membership, and an upgrade must count before the next sign-in.
   */
  async isPremium(userId: number, now: Date, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [row] = await manager.query(`SELECT premium_expires_at FROM users WHERE id = $1`, [userId]);
    return Boolean(row?.premium_expires_at && new Date(row.premium_expires_at).getTime() > now.getTime());
  }

  /**
   * Premium now, waiting up to `timeoutMs` for the user's next event when the projection says not
   * (yet): a member who has just paid is refused only if `user.premium_activated` has still not
   * arrived after the wait.
   */
  waitUntilPremium(userId: number, now: Date, timeoutMs: number): Promise<boolean> {
    return this.projections.waitFor(
      'user',
      userId,
      () => this.isPremium(userId, now),
      (premium) => premium,
      timeoutMs,
    );
  }
}
