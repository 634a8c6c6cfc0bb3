import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent, MessageSent } from '@garage/contracts';
import { InboxContext, InboxHandler, LiveUpdatesPublisher } from '@garage/service-kit';
import { tellTheBell } from '../alerts/bell-count.js';
import { AlertEmailJob } from '../email/alert-email.job.js';

/** How long after an email about a conversation its next messages wait for the hourly digest. */
export const EMAIL_EVERY = '1 hour';

/** What the recipient of a new message reads in the bell and the email (never the text itself). */
export function messageAlert(data: MessageSent, senderName: string | null): { title: string; message: string } {
  const who = senderName ?? 'A member';
  const about = data.saleTitle ? `"${data.saleTitle}"` : 'a garage sale';
  return {
    title: `New message about ${about}`,
    message: `${who} wrote to you about ${about}.${data.flagged ? ' Read it with care: it looks like a payment scam.' : ''}`,
  };
}

/**
 * A member wrote to another (`message.sent` from messages): one alert per message in the bell, and
 * an email at most once per conversation an hour (decision 0203), and both members' open tabs
 * told (0211). The hour is claimed on the member's row for the conversation in the alert's own
 * transaction, so two replicas, or a flood of messages, never send two emails within it. A message
 * that finds the hour taken, or messages of the conversation already waiting, is `held` for the
 * hourly digest (0265), which sends it with the others when the hour is up.
 */
@Controller()
export class OnMessageSentHandler {
  constructor(
    @Inject(AlertEmailJob) private readonly emails: AlertEmailJob,
    @Inject(LiveUpdatesPublisher) private readonly live: LiveUpdatesPublisher,
  ) {}

  @InboxHandler('notifications.message-sent', ['message.sent'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    if (event.type !== 'message.sent') return;
    const { manager } = InboxContext.of(context);
    const data = event.data;
    const claimed: unknown[] = await manager.query(
      `INSERT INTO message_emails AS e (user_id, conversation_id, last_emailed_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id, conversation_id) DO UPDATE SET last_emailed_at = now()
         WHERE e.last_emailed_at <= now() - interval '${EMAIL_EVERY}'
           AND NOT EXISTS (SELECT 1 FROM alerts a WHERE a.user_id = e.user_id AND a.email_status = 'held'
                             AND (a.data->>'conversationId')::int = e.conversation_id)
       RETURNING 1`,
      [data.recipientId, data.conversationId],
    );
    const [sender] = await manager.query(`SELECT first_name FROM users WHERE id = $1`, [data.senderId]);
    const { title, message } = messageAlert(data, sender?.first_name ?? null);
    const rows: unknown[] = await manager.query(
      `INSERT INTO alerts (user_id, kind, item_id, sale_id, title, message, data, change_key, email_status)
       VALUES ($1, 'message', $2, $3, $4, $5,
               jsonb_build_object('conversationId', $6::integer, 'messageId', $7::integer, 'senderName', $10::text, 'saleTitle', $11::text,
                                  'firstLine', $12::text, 'flagged', $13::boolean),
               $8, $9)
       ON CONFLICT (user_id, change_key) WHERE change_key IS NOT NULL DO NOTHING RETURNING id`,
      [
        data.recipientId,
        data.itemId,
        data.saleId,
        title,
        message,
        data.conversationId,
        data.messageId,
        `message:${data.messageId}`,
        claimed.length > 0 ? 'pending' : 'held',
        sender?.first_name ?? null,
        data.saleTitle,
        data.firstLine ?? null,
        data.flagged,
      ],
    );
    if (rows.length === 0) return;
    if (claimed.length > 0) this.emails.soon();
    // The open tabs of both members, once per message (the alert's change key): the recipient's
    // conversations and bell, the sender's other tabs' conversations.
    const written = { kind: 'message', conversationId: data.conversationId, messageId: data.messageId } as const;
    this.live.send(data.recipientId, written);
    await tellTheBell(manager, this.live, data.recipientId);
    this.live.send(data.senderId, written);
  }
}
