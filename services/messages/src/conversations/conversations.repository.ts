import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { InjectDataSource } from '@garage/service-kit';
import type { MessageOffer } from '@garage/contracts';
import type { ConversationRow, MessageRow } from './conversation.row.js';

const CONVERSATION_COLUMNS = `c.id, c.sale_id, c.item_id, c.buyer_id, c.host_id, s.title AS sale_title, c.created_at`;
const MESSAGE_COLUMNS = `m.id, m.conversation_id, m.sender_id, m.recipient_id, m.text, m.flagged, m.withheld, m.offer, m.created_at, m.read_at`;
/** A message `$reader` may see: all but those withheld from them (written by a member they blocked). */
const VISIBLE_TO = (reader: string) => `(NOT m.withheld OR m.sender_id = ${reader})`;

export interface NewMessage {
  conversationId: number;
  senderId: number;
  recipientId: number;
  text: string;
  flagged: boolean;
  withheld: boolean;
  /** An offer's change (items' `offer.*`), with the key that makes it once per change. */
  offer?: { change: MessageOffer; key: string };
}

/** A conversation in a member's list: its newest message they may see and their unread count. */
export interface ListedConversation {
  conversation: ConversationRow;
  last: MessageRow;
  unread: number;
}

/** Conversations and their messages; every read is of one member's view. */
@Injectable()
export class ConversationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The member's conversation about this sale and item (null: about the sale itself). */
  async findSubject(
    buyerId: number,
    saleId: number,
    itemId: number | null,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ConversationRow | null> {
    const [row] = await manager.query(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations c LEFT JOIN sales s ON s.id = c.sale_id
       WHERE c.buyer_id = $1 AND c.sale_id = $2 AND coalesce(c.item_id, 0) = coalesce($3::integer, 0)`,
      [buyerId, saleId, itemId],
    );
    return row ?? null;
  }

  /** Creates it, or null when a concurrent request of the same member just did. */
  async insert(manager: EntityManager, buyerId: number, hostId: number, saleId: number, itemId: number | null): Promise<number | null> {
    const rows: Array<{ id: number }> = await manager.query(
      `INSERT INTO conversations (buyer_id, host_id, sale_id, item_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (buyer_id, sale_id, coalesce(item_id, 0)) DO NOTHING RETURNING id`,
      [buyerId, hostId, saleId, itemId],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * The conversation if `reader` is one of its members and may see at least one of its messages
   * (a conversation whose every message was withheld from its host does not exist for the host).
   */
  async findFor(reader: number, id: number, manager: EntityManager = this.dataSource.manager): Promise<ConversationRow | null> {
    const [row] = await manager.query(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations c LEFT JOIN sales s ON s.id = c.sale_id
       WHERE c.id = $2 AND (c.buyer_id = $1 OR c.host_id = $1)
         AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND ${VISIBLE_TO('$1')})`,
      [reader, id],
    );
    return row ?? null;
  }

  /** Stores the message; null when it shows an offer's change already shown (a redelivery). */
  async insertMessage(manager: EntityManager, message: NewMessage): Promise<MessageRow | null> {
    const [row] = await manager.query(
      `INSERT INTO messages AS m (conversation_id, sender_id, recipient_id, text, flagged, withheld, offer, offer_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
       ON CONFLICT (offer_key) WHERE offer_key IS NOT NULL DO NOTHING RETURNING ${MESSAGE_COLUMNS}`,
      [
        message.conversationId,
        message.senderId,
        message.recipientId,
        message.text,
        message.flagged,
        message.withheld,
        message.offer ? JSON.stringify(message.offer.change) : null,
        message.offer?.key ?? null,
      ],
    );
    return row ?? null;
  }

  /** The reader's conversations, the one with the latest message they may see first. */
  async list(reader: number): Promise<ListedConversation[]> {
    const rows: Array<Record<string, any>> = await this.dataSource.query(
      `SELECT ${CONVERSATION_COLUMNS}, row_to_json(last) AS last,
              (SELECT count(*)::int FROM messages u
               WHERE u.conversation_id = c.id AND u.recipient_id = $1 AND u.read_at IS NULL AND NOT u.withheld) AS unread
       FROM conversations c
       LEFT JOIN sales s ON s.id = c.sale_id
       CROSS JOIN LATERAL (
         SELECT ${MESSAGE_COLUMNS} FROM messages m
         WHERE m.conversation_id = c.id AND ${VISIBLE_TO('$1')} ORDER BY m.id DESC LIMIT 1
       ) last
       WHERE c.buyer_id = $1 OR c.host_id = $1
       ORDER BY last.id DESC`,
      [reader],
    );
    return rows.map((row) => ({
      conversation: row as ConversationRow,
      last: { ...row.last, created_at: new Date(row.last.created_at), read_at: row.last.read_at ? new Date(row.last.read_at) : null },
      unread: row.unread,
    }));
  }

  /** A page of the messages the reader may see, newest first, older than `before` when given. */
  async page(reader: number, conversationId: number, limit: number, before?: number): Promise<MessageRow[]> {
    return this.dataSource.query(
      `SELECT ${MESSAGE_COLUMNS} FROM messages m
       WHERE m.conversation_id = $2 AND ${VISIBLE_TO('$1')} AND ($3::integer IS NULL OR m.id < $3)
       ORDER BY m.id DESC LIMIT $4`,
      [reader, conversationId, before ?? null, limit],
    );
  }

  async unreadIn(reader: number, conversationId: number): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM messages WHERE conversation_id = $2 AND recipient_id = $1 AND read_at IS NULL AND NOT withheld`,
      [reader, conversationId],
    );
    return row.n;
  }

  async unreadTotal(reader: number): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM messages WHERE recipient_id = $1 AND read_at IS NULL AND NOT withheld`,
      [reader],
    );
    return row.n;
  }

  /** Marks the member's unread messages of the conversation read; the ids of those there were. */
  async markRead(manager: EntityManager, reader: number, conversationId: number): Promise<number[]> {
    const [rows] = (await manager.query(
      `UPDATE messages SET read_at = now() WHERE conversation_id = $2 AND recipient_id = $1 AND read_at IS NULL AND NOT withheld RETURNING id`,
      [reader, conversationId],
    )) as [Array<{ id: number }>, number];
    return rows.map((row) => row.id);
  }
}
