import { Inject, Injectable } from '@nestjs/common';
import type { AnyEvent } from '@garage/contracts';
import type { EntityManager } from 'typeorm';
import { LiveUpdatesPublisher } from '@garage/service-kit';
import { tellTheBell } from '../alerts/bell-count.js';
import { AlertEmailJob } from '../email/alert-email.job.js';
import { membershipNotice } from './membership-notice.js';

/**
 * How membership notices leave: an alert in the bell, emailed through the alert email path (the same
 * outbox-like `alerts` table, retries and notifier as every notice).
 */
@Injectable()
export class MembershipNotices {
  constructor(
    @Inject(AlertEmailJob) private readonly emails: AlertEmailJob,
    @Inject(LiveUpdatesPublisher) private readonly live: LiveUpdatesPublisher,
  ) {}

  /** Records the event's notice once (in the caller's transaction) and wakes the email sender. */
  async send(manager: EntityManager, event: AnyEvent): Promise<void> {
    const notice = membershipNotice(event);
    if (!notice) return;
    const rows: unknown[] = await manager.query(
      `INSERT INTO alerts (user_id, kind, title, message, data, change_key, email_status)
       VALUES ($1, 'membership', $2, $3, '{}'::jsonb, $4, 'pending')
       ON CONFLICT (user_id, change_key) WHERE change_key IS NOT NULL DO NOTHING RETURNING id`,
      [notice.userId, notice.title, notice.message, notice.changeKey],
    );
    if (rows.length === 0) return;
    await tellTheBell(manager, this.live, notice.userId);
    this.emails.soon();
  }
}
