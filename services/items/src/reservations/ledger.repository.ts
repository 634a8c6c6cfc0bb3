import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { InjectDataSource } from '@garage/service-kit';

export type LedgerKind = 'charge' | 'refund' | 'transfer';

export interface LedgerRow {
  id: number;
  reservation_id: number;
  kind: LedgerKind;
  amount_cents: number;
  currency: string;
  provider: string;
  status: 'pending' | 'done' | 'failed';
  provider_ref: string | null;
  attempts: number;
  /** Of the reservation: what the provider call needs. */
  payment_intent_id: string | null;
  host_id: number;
}

/** Every charge, refund and transfer of a reservation; see the migration for how the rows are used. */
@Injectable()
export class LedgerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records a movement once: a second call for the same reservation and kind changes nothing. */
  async record(
    manager: EntityManager,
    entry: { reservationId: number; kind: LedgerKind; amountCents: number; currency: string; provider: string; doneRef?: string },
  ): Promise<boolean> {
    const rows = await manager.query(
      `INSERT INTO reservation_ledger (reservation_id, kind, amount_cents, currency, provider, status, provider_ref, done_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $6 = 'done' THEN now() END)
       ON CONFLICT (reservation_id, kind) DO NOTHING RETURNING id`,
      [
        entry.reservationId,
        entry.kind,
        entry.amountCents,
        entry.currency,
        entry.provider,
        entry.doneRef ? 'done' : 'pending',
        entry.doneRef ?? null,
      ],
    );
    return rows.length > 0;
  }

  /** The ids of provider calls that are due (each is then taken on its own with `takeDue`). */
  async dueIds(now: Date, limit: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.dataSource.query(
      `SELECT id FROM reservation_ledger WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((row) => row.id);
  }

  /** One due provider call, locked so two replicas never make it at once; null when another took it. */
  async takeDue(manager: EntityManager, id: number, now: Date): Promise<LedgerRow | null> {
    const [row] = await manager.query(
      `SELECT l.id, l.reservation_id, l.kind, l.amount_cents, l.currency, l.provider, l.status, l.provider_ref, l.attempts,
              r.payment_intent_id, r.host_id
       FROM reservation_ledger l JOIN reservations r ON r.id = l.reservation_id
       WHERE l.id = $1 AND l.status = 'pending' AND l.next_attempt_at <= $2
       FOR UPDATE OF l SKIP LOCKED`,
      [id, now],
    );
    return row ?? null;
  }

  async markDone(manager: EntityManager, id: number, providerRef: string): Promise<void> {
    await manager.query(
      `UPDATE reservation_ledger SET status = 'done', provider_ref = $2, done_at = now(), attempts = attempts + 1 WHERE id = $1`,
      [id, providerRef],
    );
  }

  /** Tries again later, backing off (up to an hour); after `maxAttempts` the row is left `failed` for an operator. */
  async markRetry(manager: EntityManager, row: LedgerRow, error: string, now: Date, maxAttempts: number): Promise<void> {
    const attempts = row.attempts + 1;
    const delayMs = Math.min(3_600_000, 1000 * 2 ** Math.min(attempts, 12));
    await manager.query(
      `UPDATE reservation_ledger SET attempts = $2::integer, last_error = $3, next_attempt_at = $4,
         status = CASE WHEN $2::integer >= $5::integer THEN 'failed' ELSE 'pending' END WHERE id = $1`,
      [row.id, attempts, error.slice(0, 500), new Date(now.getTime() + delayMs), maxAttempts],
    );
  }

  forReservation(reservationId: number): Promise<Array<Pick<LedgerRow, 'kind' | 'amount_cents' | 'status' | 'provider_ref'>>> {
    return this.dataSource.query(
      `SELECT kind, amount_cents, status, provider_ref FROM reservation_ledger WHERE reservation_id = $1 ORDER BY id`,
      [reservationId],
    );
  }

  /** The host's payout account; read in `manager`'s transaction when given. */
  async payoutAccount(userId: number, provider: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const [row] = await manager.query(`SELECT account_id FROM payout_accounts WHERE user_id = $1 AND provider = $2`, [userId, provider]);
    return row?.account_id ?? null;
  }

  async savePayoutAccount(userId: number, provider: string, accountId: string): Promise<string> {
    const [row] = await this.dataSource.query(
      `INSERT INTO payout_accounts (user_id, provider, account_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING account_id`,
      [userId, provider, accountId],
    );
    return row.account_id;
  }
}
