import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface Membership {
  userId: number;
  paidThrough: Date | null;
  version: number;
}

export interface NewSubscription {
  userId: number;
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  startsAt: Date;
  expiresAt: Date;
}

@Injectable()
export class MembershipsRepository {
  /**
   * The member's row, locked until the transaction ends, so two payments of one member (or one
   * payment confirmed and notified at once) are applied one after the other.
   */
  async lock(manager: EntityManager, userId: number): Promise<Membership> {
    await manager.query(`INSERT INTO memberships (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
    const [row] = await manager.query(`SELECT user_id, paid_through, version FROM memberships WHERE user_id = $1 FOR UPDATE`, [userId]);
    return { userId: row.user_id, paidThrough: row.paid_through, version: row.version };
  }

  /** The expiry a payment already bought, or null when it bought none yet. */
  async expiryBoughtBy(manager: EntityManager, paymentIntentId: string): Promise<Date | null> {
    const [row] = await manager.query(`SELECT expires_at FROM subscriptions WHERE payment_intent_id = $1`, [paymentIntentId]);
    return row ? row.expires_at : null;
  }

  /** Adds the paid period and moves the member's paid-through date to its end; returns the new version. */
  async addSubscription(manager: EntityManager, subscription: NewSubscription): Promise<number> {
    await manager.query(
      `INSERT INTO subscriptions (user_id, payment_intent_id, amount_cents, currency, starts_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        subscription.userId,
        subscription.paymentIntentId,
        subscription.amountCents,
        subscription.currency,
        subscription.startsAt,
        subscription.expiresAt,
      ],
    );
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [Array<{ version: number }>, number] = await manager.query(
      `UPDATE memberships SET paid_through = $2, version = version + 1, updated_at = now() WHERE user_id = $1 RETURNING version`,
      [subscription.userId, subscription.expiresAt],
    );
    return rows[0]!.version;
  }
}
