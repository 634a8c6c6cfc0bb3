import type { DataSource, EntityManager } from 'typeorm';
import type { UserSnapshot } from '@garage/contracts';
import { SnapshotProjection } from '../projection.js';
import type { AskOwner } from '../projection.js';

/** The columns every service keeps of a user (the snapshot is camelCase, projections snake_case). */
export interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
  rating: number;
  rating_count: number;
  premium_expires_at: string | null;
  email?: string | null;
}

export function userRow(user: UserSnapshot): UserRow {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    rating: user.rating,
    rating_count: user.ratingCount,
    premium_expires_at: user.premiumExpiresAt,
  };
}

/** How one service's `users` table differs from the common shape (its migrations made it so). */
export interface UserProjectionOptions {
  /** Snapshot columns the table does not have. */
  without?: Array<Exclude<keyof UserRow, 'id'>>;
  /** The table has `updated_at`. */
  touched?: boolean;
  /** The table keeps `email`; a snapshot without one (from before auth sent it) keeps the known one. */
  email?: boolean;
}

/**
 * A service's copy of auth's users, fed by `user.*` events: sellers' names and ratings, and premium
 * status. Premium is read from here, never from the token: a token outlives a lapsed membership,
 * and an upgrade must count before the next sign-in.
 */
export class UserProjection {
  private readonly snapshots: SnapshotProjection<UserSnapshot>;

  constructor(
    protected readonly dataSource: DataSource,
    private readonly askOwner: AskOwner<UserSnapshot>,
    options: UserProjectionOptions = {},
  ) {
    const without = new Set<string>(options.without ?? []);
    this.snapshots = new SnapshotProjection<UserSnapshot>(
      { name: 'users', touched: options.touched, keepWhenNull: options.email ? ['email'] : [] },
      (user) => {
        const row: Record<string, unknown> = { ...userRow(user), ...(options.email ? { email: user.email ?? null } : {}) };
        for (const column of without) delete row[column];
        return row;
      },
    );
  }

  /** Applies a snapshot if it is newer than what is kept; returns whether it changed anything. */
  upsert(manager: EntityManager, user: UserSnapshot, version: number): Promise<boolean> {
    return this.snapshots.apply(manager, user, version);
  }

  /** When the user's premium ends (or ended), as kept; the row stays locked until the transaction ends. */
  async lockPremiumExpiry(manager: EntityManager, userId: number): Promise<Date | null> {
    const [row] = await manager.query(`SELECT premium_expires_at FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    return row?.premium_expires_at ? new Date(row.premium_expires_at) : null;
  }

  /** Premium only while the expiry is in the future (an unknown user is not premium). */
  async isPremium(userId: number, now: Date, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [row] = await manager.query(`SELECT premium_expires_at FROM users WHERE id = $1`, [userId]);
    return Boolean(row?.premium_expires_at && new Date(row.premium_expires_at).getTime() > now.getTime());
  }

  /**
   * Premium now, by this copy or else by auth's own word: a member who has just paid may be ahead
   * of `user.premium_activated`, so a "no" from the copy is checked with auth before it refuses.
   * When auth cannot be asked (the asker's only failure), the copy's answer stands.
   */
  async isPremiumOrAsk(userId: number, now: Date): Promise<boolean> {
    if (await this.isPremium(userId, now)) return true;
    const user = await this.askOwner(userId).catch(() => null);
    return Boolean(user?.premiumExpiresAt && new Date(user.premiumExpiresAt).getTime() > now.getTime());
  }
}
