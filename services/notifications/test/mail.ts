import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on a free local port (the `smtp-server` package): it collects what it is
 * sent, can require a login, and can refuse the next messages on demand.
 */
export class LocalSmtpServer {
  readonly received: ReceivedMail[] = [];
  private refusals = 0;
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(options: { user?: string; pass?: string } = {}): Promise<LocalSmtpServer> {
    let self: LocalSmtpServer | null = null;
    const server = new SMTPServer({
      authOptional: !options.user,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === options.user && auth.password === options.pass) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@refused.example')) callback(new Error('Mailbox unavailable'));
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (self!.refusals > 0) {
            self!.refusals -= 1;
            const error = new Error('Try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          self!.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            ...parseMail(raw),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
    self = new LocalSmtpServer(server, port);
    return self;
  }

  /** The next `count` messages are refused with a temporary error (451). */
  refuseNext(count = 1): void {
    this.refusals = count;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Headers (unfolded, lower-case names, encoded words decoded) and the text and HTML parts of a MIME message. */
export function parseMail(raw: string): { headers: Record<string, string>; subject: string; text: string; html: string } {
  const { headers, body } = splitPart(raw);
  const parts: Record<string, string> = {};
  collect(headers, body, parts);
  return { headers, subject: decodeWords(headers.subject ?? ''), text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collect(headers: Record<string, string>, body: string, parts: Record<string, string>): void {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) break;
      // The line break before a boundary belongs to the boundary (RFC 2046).
      const part = splitPart(section.replace(/^\r\n/, '').replace(/\r\n$/, ''));
      collect(part.headers, part.body, parts);
    }
    return;
  }
  const mime = type.split(';')[0]!.trim().toLowerCase();
  parts[mime] = decodeBody(body, headers['content-transfer-encoding'] ?? '7bit').replace(/\r\n/g, '\n');
}

function decodeBody(body: string, encoding: string): string {
  if (/quoted-printable/i.test(encoding)) return quotedPrintable(body);
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function quotedPrintable(text: string): string {
  const joined = text.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
function decodeWords(text: string): string {
  return text
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : quotedPrintable(data.replace(/_/g, ' ')),
    );
}
