import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import {
  conversationStartSchema,
  messageBodySchema,
  messagesQuerySchema,
  reportBodySchema,
  type Conversation,
  type ConversationDetail,
  type ConversationList,
  type ConversationStart,
  type Message,
  type MessageBody,
  type MessagesQuery,
  type ReportBody,
  type TokenClaims,
} from '@garage/contracts';
import { CurrentUser, IdPipe, SignedIn, ZodPipe } from '@garage/service-kit';
import { ConversationsService } from './conversations.service.js';

@Controller('api/conversations')
@SignedIn()
export class ConversationsController {
  constructor(@Inject(ConversationsService) private readonly conversations: ConversationsService) {}

  @Post()
  @HttpCode(201)
  start(@CurrentUser() caller: TokenClaims, @Body(new ZodPipe(conversationStartSchema)) body: ConversationStart): Promise<Conversation> {
    return this.conversations.start(caller.userId, body);
  }

  @Get()
  list(@CurrentUser() caller: TokenClaims): Promise<ConversationList> {
    return this.conversations.list(caller.userId);
  }

  @Get(':id')
  get(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Query(new ZodPipe(messagesQuerySchema)) query: MessagesQuery,
  ): Promise<ConversationDetail> {
    return this.conversations.get(caller.userId, id, query);
  }

  @Post(':id/messages')
  @HttpCode(201)
  send(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(messageBodySchema)) body: MessageBody,
  ): Promise<Message> {
    return this.conversations.send(caller.userId, id, body.text);
  }

  @Post(':id/read')
  @HttpCode(200)
  read(@CurrentUser() caller: TokenClaims, @Param('id', IdPipe) id: number): Promise<{ unreadCount: number }> {
    return this.conversations.read(caller.userId, id);
  }

  @Post(':id/report')
  @HttpCode(201)
  report(
    @CurrentUser() caller: TokenClaims,
    @Param('id', IdPipe) id: number,
    @Body(new ZodPipe(reportBodySchema)) body: ReportBody,
  ): Promise<{ id: number; conversationId: number; createdAt: string }> {
    return this.conversations.report(caller.userId, id, body.reason);
  }
}
