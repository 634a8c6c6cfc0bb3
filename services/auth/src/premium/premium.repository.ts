import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';

export type PremiumChange = { outcome: 'extended'; user: UserEntity } | { outcome: 'unchanged' } | { outcome: 'unknown-user' };

@Injectable()
export class PremiumRepository {
  constructor(@Inject(UsersRepository) private readonly users: UsersRepository) {}

  /** Records a payment as applied; false when it was applied before. */
  async markApplied(
    manager: EntityManager,
    payment: { paymentIntentId: string; userId: number; premiumExpiresAt: Date },
  ): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO applied_payments (payment_intent_id, user_id, premium_expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (payment_intent_id) DO NOTHING RETURNING 1`,
      [payment.paymentIntentId, payment.userId, payment.premiumExpiresAt],
    );
    return inserted.length === 1;
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
