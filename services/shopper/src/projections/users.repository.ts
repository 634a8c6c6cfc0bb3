import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { UserSnapshot } from '@garage/contracts';
import { applySnapshot, ProjectionWaiter, userRow, type ProjectionTable } from '@garage/event-bus';
import { InjectDataSource } from '@garage/service-kit';

/** The projection of users: names for sale cards, premium status, and where alerts are emailed. */
const USERS: ProjectionTable = { name: 'users', touched: true, keepWhenNull: ['email'] };

@Injectable()
export class UsersRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ProjectionWaiter) private readonly projections: ProjectionWaiter,
  ) {}

  /**
   * Applies a snapshot if it is newer than what is kept; returns whether it changed anything. A
   * snapshot without `email` (from before auth sent it) keeps the address already known.
   */
  upsert(manager: EntityManager, user: UserSnapshot, version: number): Promise<boolean> {
    return applySnapshot(manager, USERS, { ...userRow(user), email: user.email ?? null }, version);
  }

  /** When the user's premium ends (or ended), as kept; the row is locked until the transaction ends. */
  async premiumExpiry(manager: EntityManager, userId: number): Promise<Date | null> {
    const [row] = await manager.query(`SELECT premium_expires_at FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    return row?.premium_expires_at ? new Date(row.premium_expires_at) : null;
  }

  /**
   * Premium is read from this projection, never from the token: a token outlives a lapsed
   * membership, and an upgrade must count before the next sign-in.
   */
  async isPremium(userId: number, now: Date): Promise<boolean> {
    const [row] = await this.dataSource.query(`SELECT premium_expires_at FROM users WHERE id = $1`, [userId]);
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

  /**
   * Keeps the address of a signed-in caller (their token carries it) for users whose snapshots do
   * not: accounts registered before auth put the email in its events. A row made here has version
   * 0, so the user's first real snapshot still applies over it.
   */
  async rememberEmail(userId: number, email: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO users (id, email, version) VALUES ($1, $2, 0)
       ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email WHERE users.email IS NULL`,
      [userId, email],
    );
  }

  async saleUpdateEmails(userId: number): Promise<boolean> {
    const [row] = await this.dataSource.query(`SELECT sale_update_emails FROM users WHERE id = $1`, [userId]);
    return row?.sale_update_emails ?? true;
  }

  /** Turns sale cancel/change emails on or off (a row with version 0 if the user is not known yet). */
  async setSaleUpdateEmails(userId: number, enabled: boolean, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO users (id, sale_update_emails, version) VALUES ($1, $2, 0)
       ON CONFLICT (id) DO UPDATE SET sale_update_emails = EXCLUDED.sale_update_emails`,
      [userId, enabled],
    );
  }
}
