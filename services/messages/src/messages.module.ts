import { Module } from '@nestjs/common';
import { LiveUpdatesPublisher } from '@garage/service-kit';
import { ConversationsController } from './conversations/conversations.controller.js';
import { ConversationsRepository } from './conversations/conversations.repository.js';
import { ConversationsService } from './conversations/conversations.service.js';
import { OnOfferChangedHandler } from './handlers/on-offer-changed.handler.js';
import { OnSaleChangedHandler } from './handlers/on-sale-changed.handler.js';
import { BlocksController } from './safety/blocks.controller.js';
import { NewConversationLimit } from './safety/new-conversation-limit.js';
import { SafetyRepository } from './safety/safety.repository.js';
import { SalesRepository } from './sales/sales.repository.js';

@Module({
  controllers: [ConversationsController, BlocksController, OnSaleChangedHandler, OnOfferChangedHandler],
  providers: [ConversationsRepository, ConversationsService, SafetyRepository, NewConversationLimit, SalesRepository, LiveUpdatesPublisher],
})
export class MessagesModule {}
