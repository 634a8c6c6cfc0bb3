import type { Logger } from '@garage/service-kit';
import { Notifier, type MailMessage } from './notifier.port.js';

export interface SentMail extends MailMessage {
  from: string;
  sentAt: string;
}

/** How many messages the local notifier keeps for the dev mail page. */
export const LOCAL_MAILBOX_SIZE = 100;

/**
 * The standalone notifier: nothing leaves the machine. Each message is logged (to, subject, and
 * its links) and the last 100 are kept in memory for `GET /api/dev/mail`. It says so when a
 * production process is configured with it. `failNext` makes the next sends fail, for tests.
 */
export class LocalNotifier extends Notifier {
  private readonly mailbox: SentMail[] = [];
  private failures = 0;

  constructor(
    private readonly from: string,
    private readonly logger: Pick<Logger, 'info' | 'warn'>,
    production = false,
  ) {
    super();
    if (production) logger.warn({}, 'NOTIFIER=local: alert emails are only logged, never sent (a development adapter); set NOTIFIER=smtp');
  }

  async send(message: MailMessage): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('LocalNotifier: failing on demand');
    }
    const mail = { ...message, from: this.from, sentAt: new Date().toISOString() };
    this.mailbox.unshift(mail);
    this.mailbox.length = Math.min(this.mailbox.length, LOCAL_MAILBOX_SIZE);
    this.logger.info({ to: message.to, subject: message.subject, text: message.text }, 'email (local notifier: not sent)');
  }

  /** The kept messages, newest first. */
  messages(): SentMail[] {
    return [...this.mailbox];
  }

  failNext(count = 1): void {
    this.failures = count;
  }
}
