import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserRow } from '../users/user.row.js';
import { UsersRepository } from '../users/users.repository.js';

export type PremiumChange =
  { outcome: 'extended'; user: UserRow } | { outcome: 'ended'; user: UserRow } | { outcome: 'unchanged' } | { outcome: 'unknown-user' };

@Injectable()
export class PremiumRepository {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  /** Records a payment as applied; false when it was applied before. */
  async markApplied(
    manager: EntityManager,
    payment: { paymentIntentId: string; userId: number; premiumExpiresAt: Date; membershipVersion?: number },
  ): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO applied_payments (payment_intent_id, user_id, premium_expires_at, membership_version) VALUES ($1, $2, $3, $4)
       ON CONFLICT (payment_intent_id) DO NOTHING RETURNING 1`,
      [payment.paymentIntentId, payment.userId, payment.premiumExpiresAt, payment.membershipVersion ?? 0],
    );
    return inserted.length === 1;
  }

  /** Whether a refund newer than this membership version was applied (a payment that old no longer counts). */
  async refundedSince(manager: EntityManager, userId: number, membershipVersion: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM applied_refunds WHERE user_id = $1 AND membership_version > $2 LIMIT 1`, [
      userId,
      membershipVersion,
    ]);
    return rows.length > 0;
  }

  /**
   * Records a refund once (false when applied before). Its payment is marked applied too, so that
   * payment's own event, should it arrive after, grants nothing.
   */
  async markRefunded(
    manager: EntityManager,
    refund: { paymentIntentId: string; userId: number; premiumExpiresAt: Date; membershipVersion: number },
  ): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO applied_refunds (payment_intent_id, user_id, membership_version, premium_expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (payment_intent_id) DO NOTHING RETURNING 1`,
      [refund.paymentIntentId, refund.userId, refund.membershipVersion, refund.premiumExpiresAt],
    );
    if (inserted.length === 0) return false;
    await this.markApplied(manager, refund);
    return true;
  }

  /**
   * Ends premium at `endsAt` (a refund), unless a payment newer than the refund was applied (the
   * member subscribed again since); bumps the version the user's events carry.
   */
  async endAt(manager: EntityManager, userId: number, endsAt: Date, membershipVersion: number): Promise<PremiumChange> {
    const [updated]: [unknown[], number] = await manager.query(
      `UPDATE users SET premium_expires_at = $2, version = version + 1, updated_at = now()
       WHERE id = $1 AND premium_expires_at > $2
         AND NOT EXISTS (SELECT 1 FROM applied_payments WHERE user_id = $1 AND membership_version > $3)
       RETURNING id`,
      [userId, endsAt, membershipVersion],
    );
    const user = await this.users.findById(userId, manager);
    if (!user) return { outcome: 'unknown-user' };
    return updated.length === 1 ? { outcome: 'ended', user } : { outcome: 'unchanged' };
  }

  /**
   * Moves the user's premium expiry to `expiresAt` when that is later than the stored one, and
   * bumps the version the user's events carry. An earlier expiry (payments delivered out of order)
   * changes nothing: premium never shrinks because a message came late.
   */
  async extendUntil(manager: EntityManager, userId: number, expiresAt: Date): Promise<PremiumChange> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [updated]: [unknown[], number] = await manager.query(
      `UPDATE users SET premium_expires_at = $2, version = version + 1, updated_at = now()
       WHERE id = $1 AND (premium_expires_at IS NULL OR premium_expires_at < $2) RETURNING id`,
      [userId, expiresAt],
    );
    const user = await this.users.findById(userId, manager);
    if (!user) return { outcome: 'unknown-user' };
    return updated.length === 1 ? { outcome: 'extended', user } : { outcome: 'unchanged' };
  }
}
