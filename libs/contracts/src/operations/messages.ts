import type { ApiOperation } from './types.js';
import { API_EXAMPLES } from './examples.js';
import {
  blockBodySchema,
  blockSchema,
  CANNOT_BLOCK_SELF,
  CONVERSATION_NOT_FOUND,
  conversationDetailSchema,
  conversationListSchema,
  conversationSchema,
  conversationStartSchema,
  messageBodySchema,
  messageSchema,
  MESSAGES_DISABLED,
  messagesQuerySchema,
  readResultSchema,
  reportBodySchema,
  reportSchema,
  TOO_MANY_CONVERSATIONS,
} from '../messages.js';

const NOT_YOURS = {
  error: CONVERSATION_NOT_FOUND,
  when: 'No such conversation, or the caller is not one of its two members (never 403: a stranger learns nothing)',
};
const TEXT = 'Text only, 1–2,000 characters, stored exactly as typed (show it escaped).';
const FLAGGED =
  'A message that looks like a payment scam (a link to a payment page, "gift card", a phone number with "text me", "zelle me first") ' +
  'carries `flagged: true` and a `warning` as its recipient reads it; its sender sees neither.';
const BLOCKED =
  'A member the recipient blocked is not told: the write is answered as any other, but the message is never shown to the ' +
  'recipient, counted unread or notified (decision 0201).';

/** Conversations, blocks and reports (messages service). */
export const MESSAGE_OPERATIONS: ApiOperation[] = [
  {
    operationId: 'startConversation',
    method: 'post',
    path: '/api/conversations',
    tag: 'Messages',
    summary: 'Write to a sale’s host about the sale or one of its items',
    description:
      'One conversation per member, sale and item: writing again continues it (the message is added). ' + `${TEXT} ${FLAGGED} ${BLOCKED}`,
    access: 'signed-in',
    body: conversationStartSchema,
    example: API_EXAMPLES.conversationStart,
    responses: {
      201: {
        description: 'The conversation (new, or the existing one continued), its `lastMessage` the one just written',
        body: conversationSchema,
      },
    },
    errors: {
      400: 'A rule broken (`details` names the field): `text` empty or over 2,000 characters, `itemId` not an item of the sale; `This is your own sale` when the host writes to themselves',
      403: { error: MESSAGES_DISABLED, when: 'The host turned messages off for the sale (`messages_enabled: false`)' },
      404: { error: 'Sale not found', when: 'No such sale (or it was deleted); `Item not found` for an unknown `itemId`' },
      429: {
        error: TOO_MANY_CONVERSATIONS,
        when: 'An 11th new conversation within an hour (with `Retry-After`, seconds); continuing one is not counted',
      },
      503: 'The sales service could not be asked about a sale this service has not heard of yet (with Retry-After)',
    },
  },
  {
    operationId: 'listConversations',
    method: 'get',
    path: '/api/conversations',
    tag: 'Messages',
    summary: 'The caller’s conversations, latest message first',
    description: 'Each with its `unreadCount`; reading the list marks nothing read.',
    access: 'signed-in',
    responses: { 200: { description: 'The conversations and the unread total', body: conversationListSchema } },
  },
  {
    operationId: 'getConversation',
    method: 'get',
    path: '/api/conversations/{id}',
    tag: 'Messages',
    summary: 'A conversation and a page of its messages, newest first',
    description:
      'Pages by message id like the bell (decision 0200): `limit` (1–100, default 50), then `before` = the previous page’s `nextBefore` ' +
      'for older messages; `nextBefore` is null on the last page. Reading marks nothing read. ' +
      FLAGGED,
    access: 'signed-in',
    query: messagesQuerySchema,
    responses: { 200: { description: 'The conversation with a page of messages', body: conversationDetailSchema } },
    errors: { 404: NOT_YOURS },
  },
  {
    operationId: 'sendMessage',
    method: 'post',
    path: '/api/conversations/{id}/messages',
    tag: 'Messages',
    summary: 'Write in a conversation',
    description: `${TEXT} ${FLAGGED} ${BLOCKED}`,
    access: 'signed-in',
    body: messageBodySchema,
    example: API_EXAMPLES.message,
    responses: { 201: { description: 'The message as its sender sees it', body: messageSchema } },
    errors: {
      400: 'A rule broken (`details` names the field)',
      403: { error: MESSAGES_DISABLED, when: 'The host turned messages off for the sale since' },
      404: NOT_YOURS,
    },
  },
  {
    operationId: 'readConversation',
    method: 'post',
    path: '/api/conversations/{id}/read',
    tag: 'Messages',
    summary: 'Mark every message to the caller in the conversation read',
    access: 'signed-in',
    responses: { 200: { description: 'The caller’s unread messages left over all conversations', body: readResultSchema } },
    errors: { 404: NOT_YOURS },
  },
  {
    operationId: 'reportConversation',
    method: 'post',
    path: '/api/conversations/{id}/report',
    tag: 'Messages',
    summary: 'Report a conversation to the moderators',
    access: 'signed-in',
    body: reportBodySchema,
    example: API_EXAMPLES.report,
    responses: { 201: { description: 'The report, recorded', body: reportSchema } },
    errors: { 400: 'A rule broken (`details` names the field)', 404: NOT_YOURS },
  },
  {
    operationId: 'blockMember',
    method: 'post',
    path: '/api/blocks',
    tag: 'Messages',
    summary: 'Block a member: they can no longer write to the caller, and are not told',
    description: 'Blocking twice is the same block (201 again). ' + BLOCKED,
    access: 'signed-in',
    body: blockBodySchema,
    example: API_EXAMPLES.block,
    responses: { 201: { description: 'The block', body: blockSchema } },
    errors: { 400: { error: CANNOT_BLOCK_SELF, when: 'The caller’s own id (`userId`); another broken rule names its field' } },
  },
];
