import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler, LiveUpdatesPublisher } from '@garage/service-kit';
import { tellTheBell } from '../alerts/bell-count.js';

/**
 * A member read a conversation in Messages (`conversation.read`): their notices of its messages up
 * to the last one read are read too, so the bell's count drops and the hourly digest leaves them
 * out (decision 0265). A redelivery changes nothing (the first read time is kept).
 */
@Controller()
export class OnConversationReadHandler {
  constructor(@Inject(LiveUpdatesPublisher) private readonly live: LiveUpdatesPublisher) {}

  @InboxHandler('notifications.conversation-read', ['conversation.read'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    if (event.type !== 'conversation.read') return;
    const { manager } = InboxContext.of(context);
    const { readerId, conversationId, lastMessageId, readAt } = event.data;
    const [, updated]: [unknown[], number] = await manager.query(
      `UPDATE alerts SET read_at = $4::timestamptz
       WHERE user_id = $1 AND kind = 'message' AND read_at IS NULL
         AND (data->>'conversationId')::int = $2 AND (data->>'messageId')::int <= $3`,
      [readerId, conversationId, lastMessageId, readAt],
    );
    if (updated > 0) await tellTheBell(manager, this.live, readerId);
  }
}
