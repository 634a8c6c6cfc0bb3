import nodemailer, { type Transporter } from 'nodemailer';
import { Notifier, type MailMessage } from './notifier.port.js';

export interface SmtpOptions {
  host: string;
  port: number;
  /** Implicit TLS (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
  /** Milliseconds to wait for the connection and for each reply (a stuck server must not block the sender forever). */
  timeoutMs?: number;
}

/** Sends alert emails through an SMTP server with nodemailer (a pooled connection). */
export class SmtpNotifier extends Notifier {
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpOptions) {
    super();
    const timeout = options.timeoutMs ?? 15_000;
    this.transport = nodemailer.createTransport({
      host: options.host,
      port: options.port,
      secure: options.secure,
      auth: options.user ? { user: options.user, pass: options.pass ?? '' } : undefined,
      pool: true,
      maxConnections: 2,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    });
    const rejected = info.rejected ?? [];
    if (rejected.length > 0) throw new Error(`SMTP server rejected ${rejected.join(', ')}`);
  }

  override async close(): Promise<void> {
    this.transport.close();
  }
}
