import type { Conversation, Message, MessageOffer } from '@garage/contracts';
import { SCAM_WARNING } from './scam-patterns.js';

/** A row of `conversations` with its sale's title (from the sales copy) as the repository reads it. */
export interface ConversationRow {
  id: number;
  sale_id: number;
  item_id: number | null;
  buyer_id: number;
  host_id: number;
  sale_title: string | null;
  created_at: Date;
}

/** A row of `messages`. */
export interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: number;
  recipient_id: number;
  text: string;
  flagged: boolean;
  withheld: boolean;
  /** The offer's change this message shows (null: a member's own message). */
  offer: MessageOffer | null;
  created_at: Date;
  read_at: Date | null;
}

/** A message as `readerId` sees it: only its recipient is told it looks like a scam. */
export function toMessage(row: MessageRow, readerId: number): Message {
  const warned = row.flagged && row.sender_id !== readerId;
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    text: row.text,
    flagged: warned,
    warning: warned ? SCAM_WARNING : null,
    offer: row.offer ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** A conversation as `readerId` (one of its two members) sees it. */
export function toConversation(row: ConversationRow, readerId: number, last: MessageRow | null, unreadCount: number): Conversation {
  return {
    id: row.id,
    saleId: row.sale_id,
    itemId: row.item_id,
    saleTitle: row.sale_title,
    buyerId: row.buyer_id,
    hostId: row.host_id,
    otherUserId: row.buyer_id === readerId ? row.host_id : row.buyer_id,
    lastMessage: last ? toMessage(last, readerId) : null,
    unreadCount,
    createdAt: row.created_at.toISOString(),
    updatedAt: (last?.created_at ?? row.created_at).toISOString(),
  };
}
