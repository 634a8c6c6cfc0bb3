import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { AlertKind } from '@garage/contracts';
import { InjectDataSource } from '@garage/service-kit';
import type { EmailAlert } from './alert-emails.js';

export interface ClaimedAlert extends EmailAlert {
  userId: number;
  savedSearchId: number | null;
  attempts: number;
  email: string | null;
}

interface AlertEmailRow {
  id: number;
  user_id: number;
  kind: AlertKind;
  title: string;
  message: string;
  item_id: number | null;
  sale_id: number | null;
  community_sale_id: number | null;
  saved_search_id: number | null;
  search_name: string | null;
  email_attempts: number;
  email: string | null;
}

const toClaimed = (row: AlertEmailRow): ClaimedAlert => ({
  id: row.id,
  userId: row.user_id,
  kind: row.kind,
  title: row.title,
  message: row.message,
  itemId: row.item_id,
  saleId: row.sale_id,
  communitySaleId: row.community_sale_id,
  savedSearchId: row.saved_search_id,
  searchName: row.search_name,
  attempts: row.email_attempts,
  email: row.email,
});

/**
 * Which alerts are emailed, and what became of it. Instant emails are claimed with a lease
 * (`email_next_at` moves ahead while one sender has them), so several replicas never send one
 * alert together; `emailed_at` records the send.
 */
@Injectable()
export class EmailsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Claims up to `limit` due instant emails for `leaseSeconds`, counting the attempt. */
  async claimPending(limit: number, leaseSeconds: number): Promise<ClaimedAlert[]> {
    const [rows]: [Array<{ id: number }>, number] = await this.dataSource.query(
      `WITH due AS (
         SELECT id FROM alerts
         WHERE email_status = 'pending' AND (email_next_at IS NULL OR email_next_at <= now())
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       UPDATE alerts a SET email_next_at = now() + make_interval(secs => $2), email_attempts = a.email_attempts + 1
       FROM due WHERE a.id = due.id
       RETURNING a.id`,
      [limit, leaseSeconds],
    );
    if (rows.length === 0) return [];
    return this.read(this.dataSource.manager, `a.id = ANY($1::int[]) ORDER BY a.id`, [rows.map((row) => row.id)]);
  }

  async markSent(id: number): Promise<void> {
    await this.dataSource.query(`UPDATE alerts SET email_status = 'sent', emailed_at = now(), email_error = NULL WHERE id = $1`, [id]);
  }

  /** Gives up after `maxAttempts`; otherwise tries again after a growing pause (30 s, 1 min, 2 min… at most 1 h). */
  async markFailed(id: number, attempts: number, maxAttempts: number, error: string): Promise<void> {
    const retryInSeconds = Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
    await this.dataSource.query(
      `UPDATE alerts SET email_error = $2,
              email_status = CASE WHEN $3::boolean THEN 'failed' ELSE email_status END,
              email_next_at = now() + make_interval(secs => $4)
       WHERE id = $1`,
      [id, error.slice(0, 500), attempts >= maxAttempts, retryInSeconds],
    );
  }

  /** The user's address is not known: nothing to send to (the alert is in the app). */
  async markUndeliverable(ids: number[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `UPDATE alerts SET email_status = 'none', email_error = 'No email address known for this user' WHERE id = ANY($1::int[])`,
      [ids],
    );
  }

  /** Users with matches waiting for their daily digest. */
  async usersWithDigest(): Promise<number[]> {
    const rows: Array<{ user_id: number }> = await this.dataSource.query(
      `SELECT DISTINCT user_id FROM alerts WHERE email_status = 'digest' ORDER BY user_id`,
    );
    return rows.map((row) => row.user_id);
  }

  /**
   * Locks the user's digest row for this transaction, unless another replica holds it; true when
   * this transaction may send the user's digest for `day` (none sent that day yet).
   */
  async claimDigestDay(manager: EntityManager, userId: number, day: string): Promise<boolean> {
    await manager.query(`INSERT INTO digests (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
    const [row] = await manager.query(
      `SELECT last_sent_on IS NOT NULL AND last_sent_on >= $2::date AS done FROM digests WHERE user_id = $1 FOR UPDATE SKIP LOCKED`,
      [userId, day],
    );
    return row !== undefined && !row.done;
  }

  /** The user's matches waiting for a digest, locked until the transaction ends. */
  digestAlerts(manager: EntityManager, userId: number): Promise<ClaimedAlert[]> {
    return this.read(manager, `a.user_id = $1 AND a.email_status = 'digest' ORDER BY a.saved_search_id, a.id FOR UPDATE OF a`, [userId]);
  }

  async markDigestSent(manager: EntityManager, userId: number, day: string, ids: number[]): Promise<void> {
    await manager.query(`UPDATE alerts SET email_status = 'sent', emailed_at = now(), email_error = NULL WHERE id = ANY($1::int[])`, [ids]);
    await manager.query(`UPDATE digests SET last_sent_on = $2::date, last_sent_at = now() WHERE user_id = $1`, [userId, day]);
  }

  private async read(manager: EntityManager, where: string, params: unknown[]): Promise<ClaimedAlert[]> {
    const rows: AlertEmailRow[] = await manager.query(
      `SELECT a.id, a.user_id, a.kind, a.title, a.message, a.item_id, a.sale_id, a.community_sale_id, a.saved_search_id, a.data->>'searchName' AS search_name,
              a.email_attempts, u.email
       FROM alerts a LEFT JOIN users u ON u.id = a.user_id
       WHERE ${where}`,
      params,
    );
    return rows.map(toClaimed);
  }
}
