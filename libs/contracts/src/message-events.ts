import { z } from 'zod';

/** The messages service's events' payloads (joined into `eventDataSchemas` in events.ts). */

/**
 * A member wrote to another in a conversation (messages service). Only messages the recipient will
 * see are announced (never one withheld because the recipient blocked its sender). Only the first
 * line of the text is carried (at most 140 characters, for the hourly digest email), and none of a
 * flagged message, which is read in the app beside its scam warning. Absent in events written
 * before it was added.
 */
export const messageSent = z.object({
  messageId: z.number().int(),
  conversationId: z.number().int(),
  saleId: z.number().int(),
  itemId: z.number().int().nullable(),
  saleTitle: z.string().nullable(),
  senderId: z.number().int(),
  recipientId: z.number().int(),
  flagged: z.boolean(),
  firstLine: z.string().max(140).nullable().optional(),
  sentAt: z.string(),
});
export type MessageSent = z.infer<typeof messageSent>;

/**
 * A member read a conversation (messages service): every message to them up to `lastMessageId`
 * is read. Notifications marks their notices of those messages read, so the bell and the hourly
 * message digest agree with what was read in the conversation.
 */
export const conversationRead = z.object({
  conversationId: z.number().int(),
  readerId: z.number().int(),
  lastMessageId: z.number().int(),
  readAt: z.string(),
});
export type ConversationRead = z.infer<typeof conversationRead>;
