import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { InjectDataSource } from '@garage/service-kit';
import type { IntentStatus, ProviderIntent } from '@garage/payment-provider';

/** A payment attempt as payments recorded it. */
export interface PaymentIntentRecord {
  id: string;
  provider: string;
  userId: number;
  amountCents: number;
  currency: string;
  purpose: string | null;
  status: IntentStatus;
  succeededAt: Date | null;
}

/** A status the provider reported, and where we heard it. */
export interface StatusReport {
  intent: ProviderIntent & { userId: number };
  provider: string;
  reportedAt: Date;
  source: 'subscribe' | 'confirm' | 'webhook' | 'renewal';
  event?: { id: string; type: string };
}

interface Row {
  id: string;
  provider: string;
  user_id: number;
  amount_cents: number;
  currency: string;
  purpose: string | null;
  status: IntentStatus;
  succeeded_at: Date | null;
}

@Injectable()
export class PaymentIntentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<PaymentIntentRecord | null> {
    const [row]: Row[] = await manager.query(
      `SELECT id, provider, user_id, amount_cents, currency, purpose, status, succeeded_at FROM payment_intents WHERE id = $1`,
      [id],
    );
    return row ? toRecord(row) : null;
  }

  /** Ties a first payment to the subscription it starts (kept once known). */
  async rememberSubscription(manager: EntityManager, paymentIntentId: string, subscriptionId: string): Promise<void> {
    await manager.query(`UPDATE payment_intents SET subscription_id = coalesce(subscription_id, $2) WHERE id = $1`, [
      paymentIntentId,
      subscriptionId,
    ]);
  }

  /** The subscription a first payment starts, when it starts one. */
  async subscriptionOf(manager: EntityManager, paymentIntentId: string): Promise<string | null> {
    const [row] = await manager.query(`SELECT subscription_id FROM payment_intents WHERE id = $1`, [paymentIntentId]);
    return row?.subscription_id ?? null;
  }

  /** Records a new attempt; an intent a webhook already brought in keeps its (later) state. */
  async recordCreated(manager: EntityManager, report: StatusReport, idempotencyKey: string): Promise<void> {
    const { intent } = report;
    await manager.query(
      `INSERT INTO payment_intents (id, provider, user_id, amount_cents, currency, purpose, status, status_at, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (id) DO NOTHING`,
      [
        intent.id,
        report.provider,
        intent.userId,
        intent.amountCents,
        intent.currency,
        intent.purpose,
        intent.status,
        report.reportedAt,
        idempotencyKey,
      ],
    );
    await this.appendHistory(manager, report);
  }

  /**
   * Records what the provider reported, creating the intent if this is the first we hear of it
   * (a webhook before the subscribe call committed, or an intent made outside this service). The
   * current status moves only forward in the provider's time, and never away from a final state:
   * a late `processing` does not undo `succeeded`. The history keeps every report regardless.
   */
  async recordStatus(manager: EntityManager, report: StatusReport): Promise<void> {
    const { intent } = report;
    await manager.query(
      `INSERT INTO payment_intents (id, provider, user_id, amount_cents, currency, purpose, status, status_at, succeeded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::text, $8::timestamptz, CASE WHEN $7::text = 'succeeded' THEN $8::timestamptz END)
       ON CONFLICT (id) DO UPDATE SET
         status = EXCLUDED.status,
         status_at = EXCLUDED.status_at,
         succeeded_at = COALESCE(payment_intents.succeeded_at, EXCLUDED.succeeded_at),
         updated_at = now()
       WHERE payment_intents.status NOT IN ('succeeded', 'canceled')
         AND (EXCLUDED.status = 'succeeded' OR payment_intents.status_at <= EXCLUDED.status_at)`,
      [intent.id, report.provider, intent.userId, intent.amountCents, intent.currency, intent.purpose, intent.status, report.reportedAt],
    );
    await this.appendHistory(manager, report);
  }

  private async appendHistory(manager: EntityManager, report: StatusReport): Promise<void> {
    await manager.query(
      `INSERT INTO payment_intent_history (payment_intent_id, status, source, provider_event_id, provider_event_type, reported_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [report.intent.id, report.intent.status, report.source, report.event?.id ?? null, report.event?.type ?? null, report.reportedAt],
    );
  }
}

function toRecord(row: Row): PaymentIntentRecord {
  return {
    id: row.id,
    provider: row.provider,
    userId: row.user_id,
    amountCents: row.amount_cents,
    currency: row.currency,
    purpose: row.purpose,
    status: row.status,
    succeededAt: row.succeeded_at,
  };
}
