import { escape, htmlPage } from './alert-emails.js';
import type { MailMessage } from './notifier.port.js';

/** One message held for the hourly digest, as its alert recorded it. */
export interface HeldMessage {
  id: number;
  senderName: string | null;
  saleTitle: string | null;
  /** The message's first line; null for a flagged message or one announced before lines were carried. */
  firstLine: string | null;
  flagged: boolean;
}

const lineOf = (message: HeldMessage) =>
  message.flagged
    ? '(This message looks like a payment scam: read it in the app, with care.)'
    : (message.firstLine ?? '(Read this message in the app.)');

/**
 * The hourly digest of one conversation (decision 0265): "3 new messages from Dana about …", each
 * message's first line, and a link to the conversation. A service email like the single message
 * email: no unsubscribe link, no setting.
 */
export function messageDigestEmail(to: string, conversationId: number, messages: HeldMessage[], site: string): MailMessage {
  const last = messages[messages.length - 1]!;
  const who = last.senderName ?? 'A member';
  const about = last.saleTitle ? `"${last.saleTitle}"` : 'a garage sale';
  const count = `${messages.length} new ${messages.length === 1 ? 'message' : 'messages'}`;
  const subject = `${count} from ${who} about ${about}`.replace(/\s+/g, ' ').trim();
  const page = `${site}/messages/${conversationId}`;
  const lead = `${who} wrote to you about ${about}:`;
  const why = 'You get this email because a member wrote to you on Garage (at most one email per conversation an hour).';
  const text = [lead, '', ...messages.map((message) => `  - ${lineOf(message)}`), '', `Read and answer: ${page}`, '', '--', why, ''].join(
    '\n',
  );
  const html = htmlPage(
    [
      `<strong>${escape(lead)}</strong>`,
      `<ul>${messages.map((message) => `<li>${escape(lineOf(message))}</li>`).join('')}</ul>`,
      `<a href="${escape(page)}">Read and answer</a>`,
    ],
    [escape(why)],
  );
  return { to, subject, text, html, headers: {} };
}
