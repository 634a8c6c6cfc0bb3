import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CONVERSATION_NOT_FOUND,
  MESSAGES_DISABLED,
  type Conversation,
  type ConversationDetail,
  type ConversationList,
  type ConversationStart,
  type Message,
  type MessagesQuery,
} from '@garage/contracts';
import { Outbox, type Emit } from '@garage/event-bus';
import { badRequest, forbidden, LiveUpdatesPublisher, notFound, Owners } from '@garage/service-kit';
import { SalesRepository } from '../sales/sales.repository.js';
import { NewConversationLimit } from '../safety/new-conversation-limit.js';
import { SafetyRepository } from '../safety/safety.repository.js';
import { toConversation, toMessage, type ConversationRow } from './conversation.row.js';
import { ConversationsRepository } from './conversations.repository.js';
import { looksLikeScam } from './scam-patterns.js';

const field = (name: string, message: string) => badRequest(message, [{ field: name, message }]);

/**
 * A member's conversations with sales' hosts. Only its two members see a conversation (anyone
 * else: 404). A message to a member who blocked its sender is accepted as any other and withheld
 * from them (decision 0201); a message that looks like a payment scam is flagged for its recipient.
 */
@Injectable()
export class ConversationsService {
  constructor(
    @Inject(ConversationsRepository) private readonly conversations: ConversationsRepository,
    @Inject(SalesRepository) private readonly sales: SalesRepository,
    @Inject(SafetyRepository) private readonly safety: SafetyRepository,
    @Inject(NewConversationLimit) private readonly limit: NewConversationLimit,
    @Inject(Owners) private readonly owners: Owners,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(LiveUpdatesPublisher) private readonly live: LiveUpdatesPublisher,
  ) {}

  /** Starts the member's conversation about the sale (or item), or continues it: 201 either way. */
  async start(callerId: number, body: ConversationStart): Promise<Conversation> {
    const sale = await this.sales.forMessages(body.saleId);
    if (!sale || sale.deleted) throw notFound('Sale not found');
    if (sale.hostId === callerId) throw field('saleId', 'This is your own sale');
    if (!sale.messagesEnabled) throw forbidden(MESSAGES_DISABLED);
    if (body.itemId !== null) {
      const item = await this.owners.item(body.itemId);
      if (!item) throw notFound('Item not found');
      if (item.garage_sale_id !== sale.id) throw field('itemId', 'Item is not in this sale');
    }
    const known = await this.conversations.findSubject(callerId, sale.id, body.itemId);
    if (!known) await this.limit.take(callerId);
    let counted = !known;
    try {
      const { conversation, message } = await this.outbox.transaction(async (manager, emit) => {
        let row = known;
        if (!row) {
          const created = await this.conversations.insert(manager, callerId, sale.hostId, sale.id, body.itemId);
          row = await this.conversations.findSubject(callerId, sale.id, body.itemId, manager);
          if (created === null && counted) {
            // Another request of the member created it a moment ago: this one only continues it.
            await this.limit.giveBack(callerId);
            counted = false;
          }
        }
        const conversation = { ...row!, sale_title: row!.sale_title ?? sale.title };
        return { conversation, message: await this.write(manager, emit, conversation, callerId, body.text) };
      });
      counted = false;
      return toConversation(conversation, callerId, message, await this.conversations.unreadIn(callerId, conversation.id));
    } finally {
      if (counted) await this.limit.giveBack(callerId);
    }
  }

  async list(callerId: number): Promise<ConversationList> {
    const [listed, unreadCount] = await Promise.all([this.conversations.list(callerId), this.conversations.unreadTotal(callerId)]);
    return {
      conversations: listed.map(({ conversation, last, unread }) => toConversation(conversation, callerId, last, unread)),
      unreadCount,
    };
  }

  async get(callerId: number, id: number, query: MessagesQuery): Promise<ConversationDetail> {
    const conversation = await this.own(callerId, id);
    const [page, [last], unread] = await Promise.all([
      this.conversations.page(callerId, id, query.limit, query.before),
      this.conversations.page(callerId, id, 1),
      this.conversations.unreadIn(callerId, id),
    ]);
    return {
      ...toConversation(conversation, callerId, last ?? null, unread),
      messages: page.map((row) => toMessage(row, callerId)),
      nextBefore: page.length === query.limit ? page[page.length - 1]!.id : null,
    };
  }

  async send(callerId: number, id: number, text: string): Promise<Message> {
    const conversation = await this.own(callerId, id);
    const sale = await this.sales.forMessages(conversation.sale_id);
    if (sale && !sale.deleted && !sale.messagesEnabled) throw forbidden(MESSAGES_DISABLED);
    const message = await this.outbox.transaction((manager, emit) => this.write(manager, emit, conversation, callerId, text));
    return toMessage(message, callerId);
  }

  async read(callerId: number, id: number): Promise<{ unreadCount: number }> {
    await this.own(callerId, id);
    // Notifications hears of it too: the notices of these messages are read, and no digest email
    // lists them (decision 0265).
    const read = await this.outbox.transaction(async (manager, emit) => {
      const ids = await this.conversations.markRead(manager, callerId, id);
      if (ids.length > 0) {
        emit('conversation.read', 1, {
          conversationId: id,
          readerId: callerId,
          lastMessageId: Math.max(...ids),
          readAt: new Date().toISOString(),
        });
      }
      return ids.length;
    });
    const unreadCount = await this.conversations.unreadTotal(callerId);
    // The member's other tabs: their header's count and list (decision 0211).
    if (read > 0) this.live.send(callerId, { kind: 'read', conversationId: id, unreadCount });
    return { unreadCount };
  }

  async report(callerId: number, id: number, reason: string): Promise<{ id: number; conversationId: number; createdAt: string }> {
    await this.own(callerId, id);
    const report = await this.safety.report(id, callerId, reason);
    return { id: report.id, conversationId: id, createdAt: report.created_at.toISOString() };
  }

  /** The conversation if the caller is one of its two members; 404 for everyone else. */
  private async own(callerId: number, id: number): Promise<ConversationRow> {
    const conversation = await this.conversations.findFor(callerId, id);
    if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
    return conversation;
  }

  /**
   * Stores the message as typed. To a recipient who blocked the sender it is withheld: kept for the
   * sender's own view, never shown to the recipient nor announced; otherwise `message.sent` tells
   * notifications, in the same transaction.
   */
  private async write(manager: EntityManager, emit: Emit, conversation: ConversationRow, senderId: number, text: string) {
    const recipientId = conversation.buyer_id === senderId ? conversation.host_id : conversation.buyer_id;
    const withheld = await this.safety.blocks(manager, recipientId, senderId);
    const flagged = looksLikeScam(text);
    const message = (await this.conversations.insertMessage(manager, {
      conversationId: conversation.id,
      senderId,
      recipientId,
      text,
      flagged,
      withheld,
    }))!;
    if (!withheld) {
      emit('message.sent', 1, {
        messageId: message.id,
        conversationId: conversation.id,
        saleId: conversation.sale_id,
        itemId: conversation.item_id,
        saleTitle: conversation.sale_title,
        senderId,
        recipientId,
        flagged,
        firstLine: flagged ? null : firstLineOf(text),
        sentAt: message.created_at.toISOString(),
      });
    }
    return message;
  }
}

/** What the recipient's digest email quotes of a message: its first non-empty line, cut to 140 characters. */
export function firstLineOf(text: string): string {
  const line = text.split(/\r?\n/).find((part) => part.trim() !== '') ?? '';
  const flat = line.replace(/\s+/g, ' ').trim();
  return flat.length <= 140 ? flat : `${flat.slice(0, 139).trimEnd()}…`;
}
