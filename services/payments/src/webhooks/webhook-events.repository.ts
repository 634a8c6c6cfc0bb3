import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ProviderEvent } from '@garage/payment-provider';

@Injectable()
export class WebhookEventsRepository {
  /** Records the event in the transaction that applies it; false when it was applied before. */
  async markReceived(manager: EntityManager, provider: string, event: ProviderEvent): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO webhook_events (id, provider, type, payment_intent_id, provider_created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO NOTHING RETURNING 1`,
      [event.id, provider, event.type, event.intent?.id ?? null, event.createdAt],
    );
    return inserted.length === 1;
  }
}
