import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { AnyEvent } from '@garage/contracts';
import { InboxContext, InboxHandler, LiveUpdatesPublisher } from '@garage/service-kit';
import { tellTheBell } from '../alerts/bell-count.js';
import { AlertEmailJob } from '../email/alert-email.job.js';

/**
 * A notice another service decided a member gets (shopper: a saved-search match, a followed sale
 * cancelled, rescheduled or deleted, a community sale cancelled or moved to its rain date, a sale
 * dropped out of the day): one alert per member and key, however often it is asked. The requester
 * chose the delivery; the member's own settings decide the emails: a drop-out is emailed only to
 * those who asked for drop-out emails, the other sale notices unless emails about sales they follow
 * are off. The bell gets every one.
 */
@Controller()
export class OnNoticeRequestedHandler {
  constructor(
    @Inject(AlertEmailJob) private readonly emails: AlertEmailJob,
    @Inject(LiveUpdatesPublisher) private readonly live: LiveUpdatesPublisher,
  ) {}

  @InboxHandler('notifications.notice-requested', ['notice.requested'])
  async handle(@Payload() event: AnyEvent, @Ctx() context: unknown): Promise<void> {
    if (event.type !== 'notice.requested') return;
    const notice = event.data;
    const { manager } = InboxContext.of(context);
    const rows: Array<{ email_status: string }> = await manager.query(
      `INSERT INTO alerts (user_id, kind, saved_search_id, item_id, sale_id, community_sale_id, title, message, data, change_key, email_status)
       SELECT $1::integer, $2::text, $3::integer, $4::integer, $5::integer, $11::integer, $6, $7, $8::jsonb, $9,
              CASE WHEN $10::text = 'digest' THEN 'digest'
                   WHEN $10::text = 'in_app' THEN 'none'
                   WHEN $2::text = 'sale_dropped_out' THEN
                     CASE WHEN coalesce((SELECT drop_out_emails FROM users WHERE id = $1::integer), false) THEN 'pending' ELSE 'none' END
                   WHEN $2::text <> 'match' AND NOT coalesce((SELECT sale_update_emails FROM users WHERE id = $1::integer), true) THEN 'none'
                   ELSE 'pending' END
       ON CONFLICT (user_id, change_key) WHERE change_key IS NOT NULL DO NOTHING
       RETURNING email_status`,
      [
        notice.userId,
        notice.kind,
        notice.savedSearchId,
        notice.itemId,
        notice.saleId,
        notice.title,
        notice.message,
        JSON.stringify(notice.data),
        notice.key,
        notice.delivery,
        notice.communitySaleId ?? null,
      ],
    );
    if (rows.length > 0) await tellTheBell(manager, this.live, notice.userId);
    if (rows.some((row) => row.email_status === 'pending')) this.emails.soon();
  }
}
