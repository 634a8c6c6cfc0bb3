import { z } from 'zod';
import { idSchema, plainString } from './common.js';
import { MESSAGE_MAX_LENGTH } from './constants.js';
import { OFFER_STATUSES } from './offers.js';

/**
 * Messages (issue 39): a member writes to a sale's host about the sale or one of its items. One
 * conversation per member, sale and item; only its two members read or write it. camelCase like
 * the other new resources (route plans).
 */

/** New conversations a member may start per hour (writing in an existing one is not limited here). */
export const NEW_CONVERSATIONS_PER_HOUR = 10;
export const MESSAGES_PAGE_MAX = 100;
export const MESSAGES_PAGE_SIZE = 50;

export const MESSAGES_DISABLED = 'The host has turned messages off for this sale';
export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const TOO_MANY_CONVERSATIONS = `At most ${NEW_CONVERSATIONS_PER_HOUR} new conversations an hour; try again later`;
export const CANNOT_BLOCK_SELF = 'You cannot block yourself';
export const CANNOT_WRITE_TO_SELF = 'This is your own sale';

/**
 * A message's text: stored exactly as typed (never trimmed, never escaped: whoever shows it escapes
 * it), 1 to 2,000 characters, line breaks and tabs allowed, other control characters not, and not
 * only blanks.
 */
export const messageTextSchema = plainString('Text', { multiline: true, message: 'Text is required' })
  .refine((text) => text.trim().length > 0, 'Text is required')
  .refine((text) => text.length <= MESSAGE_MAX_LENGTH, `Text must be at most ${MESSAGE_MAX_LENGTH} characters`);

/** POST /api/conversations: about a sale, or one item of it. */
export const conversationStartSchema = z.object({
  saleId: idSchema,
  itemId: idSchema.nullish().transform((value) => value ?? null),
  text: messageTextSchema,
});
export type ConversationStart = z.infer<typeof conversationStartSchema>;

/** POST /api/conversations/{id}/messages. */
export const messageBodySchema = z.object({ text: messageTextSchema });
export type MessageBody = z.infer<typeof messageBodySchema>;

/** POST /api/blocks. */
export const blockBodySchema = z.object({ userId: idSchema });
export type BlockBody = z.infer<typeof blockBodySchema>;

/** POST /api/conversations/{id}/report. */
export const reportBodySchema = z.object({
  reason: plainString('Reason', { multiline: true, message: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(1000, 'Reason must be at most 1000 characters'),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

/** GET /api/conversations/{id}: the newest messages first page; `before` pages to older ones. */
export const messagesQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${MESSAGES_PAGE_MAX}`)
    .max(MESSAGES_PAGE_MAX, `limit must be between 1 and ${MESSAGES_PAGE_MAX}`)
    .default(MESSAGES_PAGE_SIZE),
  /** The id of the oldest message of the previous page (its `nextBefore`): the next page is older. */
  before: idSchema.optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

/**
 * An offer's change shown in its conversation (from items' `offer.*` events): which offer, what it
 * became and its amounts (dollars) at that moment. The page asks `GET /api/offers` for what it is now.
 */
export const messageOfferSchema = z.object({
  offerId: z.number().int(),
  status: z.enum(OFFER_STATUSES),
  amount: z.number(),
  counterAmount: z.number().nullable(),
  /** The reservation an accepted offer became (null until accepted). */
  reservationId: z.number().int().nullable(),
});
export type MessageOffer = z.infer<typeof messageOfferSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  /** Exactly as typed: show it escaped. */
  text: z.string(),
  /** True when the message looks like a payment scam; only its recipient sees the flag and the warning. */
  flagged: z.boolean(),
  /** What the recipient is warned of (null for the sender, and for messages not flagged). */
  warning: z.string().nullable(),
  /** Set on a message that shows an offer's change (its `text` says it in words); null on members' own messages. */
  offer: messageOfferSchema.nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  saleId: z.number().int(),
  itemId: z.number().int().nullable(),
  /** The sale's title as the messages service last heard it (null if it never did). */
  saleTitle: z.string().nullable(),
  /** The member who wrote first, and the sale's host. */
  buyerId: z.number().int(),
  hostId: z.number().int(),
  /** The other member, as the caller sees it. */
  otherUserId: z.number().int(),
  /** The newest message the caller may see (null never happens once created, but stays typed). */
  lastMessage: messageSchema.nullable(),
  /** Messages to the caller not marked read yet. */
  unreadCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSchema),
  /** Unread messages over all of the caller's conversations (the header's count). */
  unreadCount: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationDetailSchema = conversationSchema.extend({
  /** A page of messages, newest first. */
  messages: z.array(messageSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const readResultSchema = z.object({ unreadCount: z.number().int() });
export const blockSchema = z.object({ userId: z.number().int(), createdAt: z.string() });
export const reportSchema = z.object({ id: z.number().int(), conversationId: z.number().int(), createdAt: z.string() });
