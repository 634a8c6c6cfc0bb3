/** One email, ready to send: plain text and HTML, plus headers such as List-Unsubscribe. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/**
 * The notifier port: how alert emails leave the service. `SmtpNotifier` sends through an SMTP
 * server (Mailpit in docker-compose, a provider in production); `LocalNotifier` (the standalone
 * default) logs each message and keeps the last ones for the dev mail page. `send` resolves once
 * the message is accepted for delivery and throws when it is not (the caller retries).
 */
export abstract class Notifier {
  abstract send(message: MailMessage): Promise<void>;
  /** Releases connections (called on shutdown). */
  async close(): Promise<void> {}
}
