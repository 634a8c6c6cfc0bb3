import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What is stored; `ended` is never stored, it is read from `paidThrough` having passed. */
export type StoredStatus = 'none' | 'active' | 'cancelled' | 'past_due' | 'refunded';

export interface Membership {
  userId: number;
  paidThrough: Date | null;
  version: number;
  status: StoredStatus;
  subscriptionId: string | null;
  remindedFor: Date | null;
  renewalFailedFor: Date | null;
  providerStateAt: Date | null;
}

export interface NewSubscription {
  userId: number;
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  startsAt: Date;
  expiresAt: Date;
  paidAt: Date;
  renewal: boolean;
  /** The provider subscription the membership renews through from now on, when this payment starts one. */
  subscriptionId?: string | null;
}

/** One paid period, with its refund once refunded. */
export interface PaidPeriod {
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  expiresAt: Date;
  renewal: boolean;
  refundedAt: Date | null;
}

export type LedgerKind = 'payment' | 'renewal' | 'renewal_failed' | 'cancellation' | 'resumption' | 'refund' | 'reminder';

export interface LedgerEntry {
  userId: number;
  kind: LedgerKind;
  /** Makes the fact land once: `payment:<intent>`, `refund:<intent>`, `reminder:<paid through>`… */
  key: string;
  paymentIntentId?: string | null;
  amountCents?: number | null;
  currency?: string | null;
  paidThrough: Date | null;
  occurredAt: Date;
}

export interface LedgerRow {
  id: number;
  kind: LedgerKind;
  paymentIntentId: string | null;
  amountCents: number | null;
  currency: string | null;
  renewal: boolean;
  occurredAt: Date;
}

const MEMBERSHIP_COLUMNS = `user_id, paid_through, version, status, provider_subscription_id, reminded_for, renewal_failed_for, provider_state_at`;

interface MembershipRow {
  user_id: number;
  paid_through: Date | null;
  version: number;
  status: StoredStatus;
  provider_subscription_id: string | null;
  reminded_for: Date | null;
  renewal_failed_for: Date | null;
  provider_state_at: Date | null;
}

const toMembership = (row: MembershipRow): Membership => ({
  userId: row.user_id,
  paidThrough: row.paid_through,
  version: row.version,
  status: row.status,
  subscriptionId: row.provider_subscription_id,
  remindedFor: row.reminded_for,
  renewalFailedFor: row.renewal_failed_for,
  providerStateAt: row.provider_state_at,
});

@Injectable()
export class MembershipsRepository {
  /**
   * The member's row, locked until the transaction ends, so two payments of one member (or one
   * payment confirmed and notified at once, or a refund and a renewal) apply one after the other.
   */
  async lock(manager: EntityManager, userId: number): Promise<Membership> {
    await manager.query(`INSERT INTO memberships (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [userId]);
    const [row] = await manager.query(`SELECT ${MEMBERSHIP_COLUMNS} FROM memberships WHERE user_id = $1 FOR UPDATE`, [userId]);
    return toMembership(row);
  }

  async find(manager: EntityManager, userId: number): Promise<Membership | null> {
    const [row] = await manager.query(`SELECT ${MEMBERSHIP_COLUMNS} FROM memberships WHERE user_id = $1`, [userId]);
    return row ? toMembership(row) : null;
  }

  async findBySubscription(manager: EntityManager, subscriptionId: string): Promise<Membership | null> {
    const [row] = await manager.query(`SELECT ${MEMBERSHIP_COLUMNS} FROM memberships WHERE provider_subscription_id = $1`, [
      subscriptionId,
    ]);
    return row ? toMembership(row) : null;
  }

  /** The expiry a payment already bought, or null when it bought none yet. */
  async expiryBoughtBy(manager: EntityManager, paymentIntentId: string): Promise<Date | null> {
    const [row] = await manager.query(`SELECT expires_at FROM subscriptions WHERE payment_intent_id = $1`, [paymentIntentId]);
    return row ? row.expires_at : null;
  }

  /** Adds the paid period and moves the member's paid-through date to its end; returns the new version. */
  async addSubscription(manager: EntityManager, subscription: NewSubscription): Promise<number> {
    await manager.query(
      `INSERT INTO subscriptions (user_id, payment_intent_id, amount_cents, currency, starts_at, expires_at, paid_at, renewal)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        subscription.userId,
        subscription.paymentIntentId,
        subscription.amountCents,
        subscription.currency,
        subscription.startsAt,
        subscription.expiresAt,
        subscription.paidAt,
        subscription.renewal,
      ],
    );
    // A paid period makes the membership renew again (a new subscription, or a renewal paid after all).
    return this.update(manager, subscription.userId, {
      paid_through: subscription.expiresAt,
      status: 'active',
      renewal_failed_for: null,
      ...(subscription.subscriptionId ? { provider_subscription_id: subscription.subscriptionId } : {}),
    });
  }

  /** The member's latest paid period. */
  async latestPeriod(manager: EntityManager, userId: number): Promise<PaidPeriod | null> {
    const [row] = await manager.query(
      `SELECT payment_intent_id, amount_cents, currency, paid_at, expires_at, renewal, refunded_at
       FROM subscriptions WHERE user_id = $1 ORDER BY expires_at DESC, id DESC LIMIT 1`,
      [userId],
    );
    if (!row) return null;
    return {
      paymentIntentId: row.payment_intent_id,
      amountCents: row.amount_cents,
      currency: row.currency,
      paidAt: row.paid_at,
      expiresAt: row.expires_at,
      renewal: row.renewal,
      refundedAt: row.refunded_at,
    };
  }

  async markRefunded(manager: EntityManager, paymentIntentId: string, refundId: string, at: Date): Promise<void> {
    await manager.query(`UPDATE subscriptions SET refunded_at = $2, refund_id = $3 WHERE payment_intent_id = $1`, [
      paymentIntentId,
      at,
      refundId,
    ]);
  }

  /** Changes the member's row and bumps its version (the version every membership event carries). */
  async update(
    manager: EntityManager,
    userId: number,
    changes: Partial<{
      paid_through: Date | null;
      status: StoredStatus;
      provider_subscription_id: string | null;
      reminded_for: Date | null;
      renewal_failed_for: Date | null;
      provider_state_at: Date | null;
    }>,
  ): Promise<number> {
    const entries = Object.entries(changes);
    const sets = entries.map(([column], index) => `${column} = $${index + 2}`);
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [Array<{ version: number }>, number] = await manager.query(
      `UPDATE memberships SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE user_id = $1 RETURNING version`,
      [userId, ...entries.map(([, value]) => value)],
    );
    return rows[0]!.version;
  }

  /** Records a fact once; false when its key was recorded before. */
  async record(manager: EntityManager, entry: LedgerEntry): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO membership_ledger (user_id, kind, key, payment_intent_id, amount_cents, currency, paid_through, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (key) DO NOTHING RETURNING 1`,
      [
        entry.userId,
        entry.kind,
        entry.key,
        entry.paymentIntentId ?? null,
        entry.amountCents ?? null,
        entry.currency ?? null,
        entry.paidThrough,
        entry.occurredAt,
      ],
    );
    return inserted.length === 1;
  }

  /** When a fact was recorded (e.g. a refund), or null. */
  async recordedAt(manager: EntityManager, key: string): Promise<Date | null> {
    const [row] = await manager.query(`SELECT occurred_at FROM membership_ledger WHERE key = $1`, [key]);
    return row ? row.occurred_at : null;
  }

  /** The member's money movements (charges and refunds), newest first. */
  async money(manager: EntityManager, userId: number): Promise<LedgerRow[]> {
    const rows: Array<Record<string, never>> = await manager.query(
      `SELECT id::int AS id, kind, payment_intent_id, amount_cents, currency, occurred_at
       FROM membership_ledger WHERE user_id = $1 AND kind IN ('payment', 'renewal', 'refund') ORDER BY occurred_at DESC, id DESC`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      paymentIntentId: row.payment_intent_id,
      amountCents: row.amount_cents,
      currency: row.currency,
      renewal: row.kind === 'renewal',
      occurredAt: row.occurred_at,
    }));
  }

  /**
   * Members due a renewal reminder (renewing, paid period ending within `reminderDays`, not
   * reminded for it yet), locked for this transaction unless another replica holds them.
   */
  async dueReminders(
    manager: EntityManager,
    now: Date,
    reminderDays: number,
    limit: number,
    options: { subscribedOnly: boolean },
  ): Promise<Membership[]> {
    // With Stripe, a year bought before renewals has no subscription and will not renew: no reminder.
    const rows: MembershipRow[] = await manager.query(
      `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships
       WHERE status = 'active' AND paid_through > $1 AND paid_through - make_interval(days => $2) <= $1
         AND reminded_for IS DISTINCT FROM paid_through AND (NOT $4 OR provider_subscription_id IS NOT NULL)
       ORDER BY paid_through LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [now, reminderDays, limit, options.subscribedOnly],
    );
    return rows.map(toMembership);
  }

  /** Renewing members whose period ends within `leadHours` (charged by the service, not the provider). */
  async dueRenewals(manager: EntityManager, now: Date, leadHours: number, limit: number): Promise<Membership[]> {
    const rows: MembershipRow[] = await manager.query(
      `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships
       WHERE status = 'active' AND paid_through - make_interval(hours => $2) <= $1
         AND renewal_failed_for IS DISTINCT FROM paid_through
       ORDER BY paid_through LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [now, leadHours, limit],
    );
    return rows.map(toMembership);
  }
}
