import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { UserSnapshot } from '@garage/contracts';
import { applySnapshot, userRow, type ProjectionTable } from '@garage/event-bus';
import { InjectDataSource } from '@garage/service-kit';

/**
 * This service's projection of auth's users: the seller details shown on sales and the premium
 * expiry that sets a caller's browse radius. Only auth writes users; this table follows its events.
 */
const USERS: ProjectionTable = { name: 'users' };

@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Applies a snapshot unless a newer version is already here (events may arrive out of order). */
  async apply(manager: EntityManager, version: number, user: UserSnapshot): Promise<void> {
    const { rating_count: _kept, ...row } = userRow(user);
    await applySnapshot(manager, USERS, row, version);
  }

  /** Premium only while the expiry is in the future (an unknown user is not premium). */
  async isPremium(userId: number, now: Date): Promise<boolean> {
    const [row] = await this.dataSource.query(`SELECT premium_expires_at > $2::timestamptz AS premium FROM users WHERE id = $1`, [
      userId,
      now,
    ]);
    return row?.premium === true;
  }
}
