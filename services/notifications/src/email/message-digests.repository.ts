import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { InjectDataSource } from '@garage/service-kit';
import { EMAIL_EVERY } from '../handlers/on-message-sent.handler.js';
import type { HeldMessage } from './message-digest-email.js';

/** A conversation whose hour is up with messages held for its recipient. */
export interface DueConversation {
  userId: number;
  conversationId: number;
}

interface HeldRow {
  id: number;
  read: boolean;
  sender_name: string | null;
  sale_title: string | null;
  first_line: string | null;
  flagged: boolean | null;
}

const DUE = `e.last_emailed_at <= $1::timestamptz - interval '${EMAIL_EVERY}'
  AND EXISTS (SELECT 1 FROM alerts a WHERE a.user_id = e.user_id AND a.email_status = 'held'
                AND (a.data->>'conversationId')::int = e.conversation_id)`;

/**
 * The messages held for each member's hourly digest of a conversation. The member's
 * `message_emails` row is the lock: whoever holds it (`FOR UPDATE SKIP LOCKED`) sends the digest
 * and starts the next hour in that same transaction.
 */
@Injectable()
export class MessageDigestsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Conversations whose digest is due at `now` (not locked: each is claimed on its own). */
  async due(now: Date): Promise<DueConversation[]> {
    const rows: Array<{ user_id: number; conversation_id: number }> = await this.dataSource.query(
      `SELECT e.user_id, e.conversation_id FROM message_emails e WHERE ${DUE} ORDER BY e.last_emailed_at LIMIT 500`,
      [now],
    );
    return rows.map((row) => ({ userId: row.user_id, conversationId: row.conversation_id }));
  }

  /** Locks the conversation's row for this transaction if it is still due and no one else holds it; its recipient's address. */
  async claim(manager: EntityManager, due: DueConversation, now: Date): Promise<{ email: string | null } | null> {
    const [row] = await manager.query(
      `SELECT u.email FROM message_emails e LEFT JOIN users u ON u.id = e.user_id
       WHERE e.user_id = $2 AND e.conversation_id = $3 AND ${DUE}
       FOR UPDATE OF e SKIP LOCKED`,
      [now, due.userId, due.conversationId],
    );
    return row ? { email: row.email } : null;
  }

  /** The held messages, oldest first, locked until the transaction ends. */
  async held(manager: EntityManager, due: DueConversation): Promise<Array<HeldMessage & { read: boolean }>> {
    const rows: HeldRow[] = await manager.query(
      `SELECT id, read_at IS NOT NULL AS read, data->>'senderName' AS sender_name, data->>'saleTitle' AS sale_title,
              data->>'firstLine' AS first_line, (data->>'flagged')::boolean AS flagged
       FROM alerts WHERE user_id = $1 AND email_status = 'held' AND (data->>'conversationId')::int = $2
       ORDER BY id FOR UPDATE`,
      [due.userId, due.conversationId],
    );
    return rows.map((row) => ({
      id: row.id,
      read: row.read,
      senderName: row.sender_name,
      saleTitle: row.sale_title,
      firstLine: row.first_line,
      flagged: row.flagged ?? false,
    }));
  }

  /** Held messages that will not be emailed: read in the meantime, or no address to send to. */
  async release(manager: EntityManager, ids: number[], error: string | null = null): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(`UPDATE alerts SET email_status = 'none', email_error = $2 WHERE id = ANY($1::int[])`, [ids, error]);
  }

  /** The digest went out at `now`: its messages are sent, and the conversation's next hour starts. */
  async markSent(manager: EntityManager, due: DueConversation, ids: number[], now: Date): Promise<void> {
    await manager.query(`UPDATE alerts SET email_status = 'sent', emailed_at = $2, email_error = NULL WHERE id = ANY($1::int[])`, [
      ids,
      now,
    ]);
    await manager.query(`UPDATE message_emails SET last_emailed_at = $3 WHERE user_id = $1 AND conversation_id = $2`, [
      due.userId,
      due.conversationId,
      now,
    ]);
  }
}
