import { RedisRateLimiter, type ServiceDefinition } from '@garage/service-kit';
import { messagesConfig } from './config.js';
import { MessagesModule } from './messages.module.js';
import { Messages1764500000100 } from './migrations/1764500000100-messages.js';
import { OfferMessages1764600000200 } from './migrations/1764600000200-offer-messages.js';
import { NewConversationLimit } from './safety/new-conversation-limit.js';

/**
 * Conversations between a member and a sale's host about the sale or one of its items, with the
 * members' blocks and reports; `message.sent` tells notifications, which tells the recipient. Each
 * change of an offer (items' `offer.*`) shows in its conversation.
 */
export const messagesService: ServiceDefinition<typeof messagesConfig> = {
  name: 'messages',
  config: messagesConfig,
  module: MessagesModule,
  migrations: [Messages1764500000100, OfferMessages1764600000200],
  healthChecks: (app) => {
    const limiter = app.get(NewConversationLimit).limiter;
    return limiter instanceof RedisRateLimiter ? [{ name: 'redis', check: () => limiter.ping() }] : [];
  },
};

export { messagesConfig, type MessagesConfig } from './config.js';
