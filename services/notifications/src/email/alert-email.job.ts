import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, SERVICE_CONFIG, type Logger } from '@garage/service-kit';
import { siteUrl, type NotificationsConfig } from '../config.js';
import { alertEmail } from './alert-emails.js';
import { EmailsRepository, type ClaimedAlert } from './emails.repository.js';
import { Notifier } from './notifier.port.js';
import { UnsubscribeTokens } from './unsubscribe-tokens.js';

const BATCH = 20;
/** How long a claimed email stays with one sender before another may try it (a crash mid-send). */
const LEASE_SECONDS = 120;
/** A new alert's transaction commits moments after the handler asks for a send: wait that long. */
const SOON_MS = 100;

/**
 * Sends the emails of instant alerts (saved-search matches and sale cancel/change alerts) after the
 * transaction that created them has committed: a handler calls `soon()`, and a poll every
 * ALERT_EMAIL_POLL_MS picks up whatever a wake-up missed (a restart, a broker redelivery, a retry
 * that is due). A failed send is retried with back-off, and given up after ALERT_EMAIL_MAX_ATTEMPTS.
 *
 * Delivery is at least once: a process that dies between the SMTP server's acceptance and
 * recording `emailed_at` sends that one email again when its lease ends. That is the only way an
 * alert is emailed twice.
 */
@Injectable()
export class AlertEmailJob {
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private soonTimer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(EmailsRepository) private readonly emails: EmailsRepository,
    @Inject(Notifier) private readonly notifier: Notifier,
    @Inject(UnsubscribeTokens) private readonly tokens: UnsubscribeTokens,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  start(): { stop(): Promise<void> } {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.config.ALERT_EMAIL_POLL_MS);
    this.timer.unref();
    this.wake();
    return { stop: () => this.stop() };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.soonTimer) clearTimeout(this.soonTimer);
    this.timer = null;
    this.soonTimer = null;
    await this.running;
  }

  /** Asks for a pass shortly (after the caller's transaction commits). */
  soon(): void {
    if (this.stopped || this.soonTimer) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = null;
      this.wake();
    }, SOON_MS);
    this.soonTimer.unref();
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendDue()
      .catch((error: unknown) => {
        this.logger.warn({ err: String(error) }, 'alert email pass failed; retrying on the next tick');
        return 0;
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Sends every due email; returns how many were sent (tests call it directly). */
  async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.emails.claimPending(BATCH, LEASE_SECONDS);
      for (const alert of batch) if (await this.sendOne(alert)) sent += 1;
      if (batch.length < BATCH) return sent;
    }
  }

  private async sendOne(alert: ClaimedAlert): Promise<boolean> {
    if (!alert.email) {
      await this.emails.markUndeliverable([alert.id]);
      return false;
    }
    const target =
      alert.kind === 'match' && alert.savedSearchId !== null
        ? ({ kind: 'search', savedSearchId: alert.savedSearchId } as const)
        : alert.kind === 'sale_dropped_out'
          ? ({ kind: 'drop-outs', userId: alert.userId } as const)
          : ({ kind: 'sale-updates', userId: alert.userId } as const);
    const unsubscribe = `${siteUrl(this.config)}/api/saved-searches/unsubscribe?token=${this.tokens.sign(target)}`;
    try {
      await this.notifier.send(alertEmail(alert.email, alert, { site: siteUrl(this.config), unsubscribe }));
    } catch (error) {
      this.logger.warn({ alertId: alert.id, attempt: alert.attempts, err: String(error) }, 'alert email not sent; will retry');
      await this.emails.markFailed(alert.id, alert.attempts, this.config.ALERT_EMAIL_MAX_ATTEMPTS, String(error));
      return false;
    }
    await this.emails.markSent(alert.id);
    return true;
  }
}
