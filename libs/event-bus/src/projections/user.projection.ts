import type { DataSource, EntityManager } from 'typeorm';
import type { MemberPremium, UserSnapshot } from '@garage/contracts';
import { SnapshotProjection } from '../projection.js';
import { ensureProjectionTable, type ProjectionSchema, type SchemaRunner } from './projection-table.js';

/** The columns every service keeps of a user (the snapshot is camelCase, projections snake_case). */
export interface UserRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  rating: number;
  rating_count: number;
  premium_expires_at: string | null;
}

/**
 * The `users` table of every service that copies auth's users, in one shape. Names may be null: a
 * row can be made before the user's first snapshot (shopper remembers a caller's email). `email`
 * is kept when a snapshot leaves it out (auth's events before it sent one).
 */
export const USERS_PROJECTION: ProjectionSchema = {
  name: 'users',
  touched: true,
  keepWhenNull: ['email'],
  columns: {
    first_name: 'text',
    last_name: 'text',
    email: 'text',
    phone: 'text',
    rating: 'numeric(3, 2) NOT NULL DEFAULT 0',
    rating_count: 'integer NOT NULL DEFAULT 0',
    premium_expires_at: 'timestamptz',
    version: 'integer NOT NULL',
    updated_at: 'timestamptz NOT NULL DEFAULT now()',
  },
};

/** Creates a service's `users` projection, or brings the one an older migration made to this shape. */
export function ensureUsersProjection(runner: SchemaRunner): Promise<void> {
  return ensureProjectionTable(runner, USERS_PROJECTION);
}

export function userRow(user: UserSnapshot): UserRow {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email ?? null,
    phone: user.phone,
    rating: user.rating,
    rating_count: user.ratingCount,
    premium_expires_at: user.premiumExpiresAt,
  };
}

/**
 * Asks payments, the owner of memberships, for a member's premium as it holds it now (`Owners`
 * in service-kit); rejects when payments cannot be asked.
 */
export type AskMembership = (userId: number) => Promise<MemberPremium>;

/**
 * A service's copy of auth's users, fed by `user.*` events: sellers' names and ratings, and premium
 * status. Premium is never the token's word (a token outlives a lapsed membership, and an upgrade
 * must count before the next sign-in): a decision asks payments, background work reads this copy.
 */
export class UserProjection {
  private readonly snapshots = new SnapshotProjection<UserSnapshot>(USERS_PROJECTION, (user) => ({ ...userRow(user) }));

  constructor(
    protected readonly dataSource: DataSource,
    private readonly askMembership: AskMembership,
  ) {}

  /** Applies a snapshot if it is newer than what is kept; returns whether it changed anything. */
  upsert(manager: EntityManager, user: UserSnapshot, version: number): Promise<boolean> {
    return this.snapshots.apply(manager, user, version);
  }

  /** When the user's premium ends (or ended), as kept; the row stays locked until the transaction ends. */
  async lockPremiumExpiry(manager: EntityManager, userId: number): Promise<Date | null> {
    const [row] = await manager.query(`SELECT premium_expires_at FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    return row?.premium_expires_at ? new Date(row.premium_expires_at) : null;
  }

  /**
   * Premium by this copy alone: only while the expiry is in the future (an unknown user is not
   * premium). For background work (alert matching) and answers nobody is waiting on; a call that a
   * membership allows or refuses asks payments (`isPremiumAskingPayments`).
   */
  async isPremium(userId: number, now: Date, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [row] = await manager.query(`SELECT premium_expires_at FROM users WHERE id = $1`, [userId]);
    return Boolean(row?.premium_expires_at && new Date(row.premium_expires_at).getTime() > now.getTime());
  }

  /**
   * Premium for a decision a member is waiting on (a premium-only call, a wider search): payments'
   * word, always. Payments commits a membership's start and end before it answers the payment or
   * the refund, while this copy hears of them two events later (payments → auth → here), so asking
   * is what makes "I just paid" and "I just got my money back" hold on the very next call. Payments
   * answers whether the period runs by its own clock, so a checker whose clock is a little behind
   * does not see a refunded member as premium. Only when payments cannot be asked does this copy's
   * answer stand.
   */
  async isPremiumAskingPayments(userId: number, now: Date): Promise<boolean> {
    const premium = await this.askMembership(userId).then(
      (membership) => membership.isPremium,
      () => null,
    );
    return premium ?? this.isPremium(userId, now);
  }
}
