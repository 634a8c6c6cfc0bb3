import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { Clock, InjectDataSource, LOGGER, runPeriodically, SERVICE_CONFIG, type Logger, type Periodic } from '@garage/service-kit';
import { siteUrl, type NotificationsConfig } from '../config.js';
import { messageDigestEmail } from './message-digest-email.js';
import { MessageDigestsRepository, type DueConversation } from './message-digests.repository.js';
import { Notifier } from './notifier.port.js';

/**
 * The hourly message digest (decision 0265): when the hour after a conversation's last email is
 * up, one email lists the messages held since, leaving out those the recipient has read in the
 * meantime, and the next hour starts. Each conversation is sent inside a transaction that holds
 * its `message_emails` row (`FOR UPDATE SKIP LOCKED`: another replica moves on) and records the
 * send in that transaction, like the daily digest. A failed send rolls back and is tried on the
 * next tick; a process that dies after the SMTP server accepted the email but before the commit
 * sends it again (at least once, as every email of the service).
 */
@Injectable()
export class MessageDigestJob {
  constructor(
    @Inject(MessageDigestsRepository) private readonly digests: MessageDigestsRepository,
    @Inject(Notifier) private readonly notifier: Notifier,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Periodic {
    return runPeriodically('message digest', this.config.MESSAGE_DIGEST_POLL_MS, () => this.run(), this.logger);
  }

  /** Sends the digests due at `now`; returns how many were sent. */
  async run(now: Date = this.clock.now()): Promise<number> {
    let sent = 0;
    for (const due of await this.digests.due(now)) {
      try {
        if (await this.sendDigest(due, now)) sent += 1;
      } catch (error) {
        this.logger.warn({ ...due, err: String(error) }, 'message digest not sent; will retry');
      }
    }
    if (sent > 0) this.logger.info({ sent }, 'message digests sent');
    return sent;
  }

  private sendDigest(due: DueConversation, now: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const claimed = await this.digests.claim(manager, due, now);
      if (!claimed) return false;
      const held = await this.digests.held(manager, due);
      // Read in the app (the bell) since it arrived: the member needs no email about it.
      await this.digests.release(
        manager,
        held.filter((message) => message.read).map((message) => message.id),
      );
      const unread = held.filter((message) => !message.read);
      if (unread.length === 0) return false;
      const ids = unread.map((message) => message.id);
      if (!claimed.email) {
        await this.digests.release(manager, ids, 'No email address known for this user');
        return false;
      }
      await this.notifier.send(messageDigestEmail(claimed.email, due.conversationId, unread, siteUrl(this.config)));
      await this.digests.markSent(manager, due, ids, now);
      return true;
    });
  }
}
