import { Inject, Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { wallClockAt } from '@garage/contracts';
import { Clock, InjectDataSource, LOGGER, runPeriodically, SERVICE_CONFIG, type Logger, type Periodic } from '@garage/service-kit';
import { siteUrl, type NotificationsConfig } from '../config.js';
import { digestEmail, type DigestSection } from './alert-emails.js';
import { EmailsRepository } from './emails.repository.js';
import { Notifier } from './notifier.port.js';
import { UnsubscribeTokens } from './unsubscribe-tokens.js';

/**
 * The daily digest: once a day per user, from DIGEST_HOUR in DIGEST_TIME_ZONE on, one email with
 * every match of their daily searches since the previous digest. Safe with several replicas:
 * each user's digest is sent inside a transaction that holds their `digests` row
 * (`FOR UPDATE SKIP LOCKED`: a replica that finds it taken moves on), and records the day sent in
 * that same transaction. A failed send rolls back and is tried again on the next tick.
 */
@Injectable()
export class DigestJob {
  constructor(
    @Inject(EmailsRepository) private readonly emails: EmailsRepository,
    @Inject(Notifier) private readonly notifier: Notifier,
    @Inject(UnsubscribeTokens) private readonly tokens: UnsubscribeTokens,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): Periodic {
    return runPeriodically('daily digest', this.config.DIGEST_POLL_MS, () => this.run(), this.logger);
  }

  /** Sends the digests due at `now`; returns how many were sent. */
  async run(now: Date = this.clock.now()): Promise<number> {
    const local = wallClockAt(now, this.config.DIGEST_TIME_ZONE);
    if (local.minute < this.config.DIGEST_HOUR * 60) return 0;
    let sent = 0;
    for (const userId of await this.emails.usersWithDigest()) {
      try {
        if (await this.sendDigest(userId, local.date)) sent += 1;
      } catch (error) {
        this.logger.warn({ userId, err: String(error) }, 'digest not sent; will retry');
      }
    }
    if (sent > 0) this.logger.info({ sent }, 'daily digests sent');
    return sent;
  }

  private sendDigest(userId: number, day: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.emails.claimDigestDay(manager, userId, day))) return false;
      const alerts = await this.emails.digestAlerts(manager, userId);
      if (alerts.length === 0) return false;
      const email = alerts[0]!.email;
      if (!email) {
        await this.emails.markUndeliverable(
          alerts.map((alert) => alert.id),
          manager,
        );
        return false;
      }
      const sections = new Map<number | null, DigestSection>();
      for (const alert of alerts) {
        let section = sections.get(alert.savedSearchId);
        if (!section) {
          const token =
            alert.savedSearchId === null
              ? this.tokens.sign({ kind: 'digest', userId })
              : this.tokens.sign({ kind: 'search', savedSearchId: alert.savedSearchId });
          section = { searchName: alert.searchName ?? 'Saved search', unsubscribe: this.unsubscribeUrl(token), alerts: [] };
          sections.set(alert.savedSearchId, section);
        }
        section.alerts.push(alert);
      }
      const links = { site: siteUrl(this.config), unsubscribe: this.unsubscribeUrl(this.tokens.sign({ kind: 'digest', userId })) };
      await this.notifier.send(digestEmail(email, [...sections.values()], links));
      await this.emails.markDigestSent(
        manager,
        userId,
        day,
        alerts.map((alert) => alert.id),
      );
      return true;
    });
  }

  private unsubscribeUrl(token: string): string {
    return `${siteUrl(this.config)}/api/saved-searches/unsubscribe?token=${token}`;
  }
}
