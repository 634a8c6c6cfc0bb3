import type { AlertKind } from '@garage/contracts';
import type { MailMessage } from './notifier.port.js';

/** What an email about one alert is made of (read from the alert row). */
export interface EmailAlert {
  id: number;
  kind: AlertKind;
  title: string;
  message: string;
  itemId: number | null;
  saleId: number | null;
  /** The community sale a `community_sale_*` alert is about. */
  communitySaleId?: number | null;
  searchName: string | null;
}

const isCommunitySale = (alert: EmailAlert) => alert.kind === 'community_sale_cancelled' || alert.kind === 'community_sale_moved';

export interface EmailLinks {
  /** The site's origin, e.g. https://garage.example. */
  site: string;
  /** The one-click unsubscribe URL for what this email is about. */
  unsubscribe: string;
}

/** Text for HTML: what members typed never becomes markup. */
export const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** RFC 2369 and RFC 8058: mail clients show an "unsubscribe" button that POSTs to the link. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function pageOf(alert: EmailAlert, site: string): string | null {
  if ((alert.kind === 'match' || alert.kind === 'price_drop') && alert.itemId !== null) return `${site}/items/${alert.itemId}`;
  if (alert.kind === 'reservation') return `${site}/my-reservations`;
  if (alert.kind === 'membership') return `${site}/profile`;
  if (alert.kind === 'message') return `${site}/messages`;
  if (alert.kind === 'offer') return `${site}/offers`;
  if (isCommunitySale(alert)) return alert.communitySaleId ? `${site}/community-sales/${alert.communitySaleId}` : null;
  if (alert.kind !== 'sale_deleted' && alert.kind !== 'match' && alert.saleId !== null) return `${site}/sales/${alert.saleId}`;
  return null;
}

export function htmlPage(paragraphs: string[], footer: string[]): string {
  return `<!doctype html><html><body style="font-family: system-ui, sans-serif; color: #1f2937">
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<hr style="border: none; border-top: 1px solid #e5e7eb">
${footer.map((p) => `<p style="font-size: 12px; color: #6b7280">${p}</p>`).join('\n')}
</body></html>`;
}

/** The email of one alert, sent at once: a saved-search match (instant) or a sale cancel/change. */
export function alertEmail(to: string, alert: EmailAlert, links: EmailLinks): MailMessage {
  if (alert.kind === 'reservation') return reservationEmail(to, alert, links.site);
  if (alert.kind === 'membership') return membershipEmail(to, alert, links.site);
  if (alert.kind === 'message') return messageEmail(to, alert, links.site);
  if (alert.kind === 'offer') return offerEmail(to, alert, links.site);
  const page = pageOf(alert, links.site);
  const why =
    alert.kind === 'match'
      ? `You get this email because you saved the search "${alert.searchName ?? ''}" on Garage with instant alerts.`
      : isCommunitySale(alert)
        ? 'You get this email because you follow this community sale on Garage, joined it with your sale, or saved or planned one of its sales.'
        : alert.kind === 'sale_dropped_out'
          ? 'You get this email because you asked Garage to email you when a sale you saved, planned or follow drops out of the day.'
          : alert.kind === 'price_drop'
            ? alert.itemId === null
              ? 'You get this email because you saved this garage sale or one of its items, or put the sale in a route plan on Garage.'
              : 'You get this email because you saved this item or its garage sale, or put the sale in a route plan on Garage.'
            : 'You get this email because you saved this garage sale or put it in a route plan on Garage.';
  const see =
    alert.kind === 'match' || (alert.kind === 'price_drop' && alert.itemId !== null)
      ? 'See the item'
      : isCommunitySale(alert)
        ? 'See the community sale'
        : 'See the sale';
  const stop =
    alert.kind === 'match'
      ? 'Stop emails for this saved search'
      : alert.kind === 'sale_dropped_out'
        ? 'Stop emails when a sale drops out of your day'
        : 'Stop emails about sales you follow';
  const lead = alert.kind === 'match' ? `A new item matches your saved search "${alert.searchName ?? ''}":` : null;
  const text = [
    ...(lead ? [lead, ''] : []),
    alert.message,
    ...(page ? ['', `${see}: ${page}`] : []),
    '',
    '--',
    why,
    `${stop}: ${links.unsubscribe}`,
    '',
  ].join('\n');
  const html = htmlPage(
    [
      ...(lead ? [escape(lead)] : []),
      `<strong>${escape(alert.message)}</strong>`,
      ...(page ? [`<a href="${escape(page)}">${see}</a>`] : []),
    ],
    [escape(why), `<a href="${escape(links.unsubscribe)}">${stop}</a>`],
  );
  // Titles carry what hosts and shoppers typed: a line break must never reach a header.
  return { to, subject: alert.title.replace(/\s+/g, ' ').trim(), text, html, headers: unsubscribeHeaders(links.unsubscribe) };
}

/** About the shopper's own reservation and money: a service email, sent whatever their alert settings, with no unsubscribe. */
function reservationEmail(to: string, alert: EmailAlert, site: string): MailMessage {
  const page = `${site}/my-reservations`;
  const why = 'You get this email because you reserved an item on Garage.';
  const text = [alert.message, '', `Your reservations: ${page}`, '', '--', why, ''].join('\n');
  const html = htmlPage([`<strong>${escape(alert.message)}</strong>`, `<a href="${escape(page)}">Your reservations</a>`], [escape(why)]);
  return { to, subject: alert.title.replace(/\s+/g, ' ').trim(), text, html, headers: {} };
}

/** A receipt or notice about the member's premium membership: a service email, with no unsubscribe. */
function membershipEmail(to: string, alert: EmailAlert, site: string): MailMessage {
  const page = `${site}/profile`;
  const why = 'You get this email because you are, or were, a Garage Premium member.';
  const text = [alert.message, '', `Your membership and receipts: ${page}`, '', '--', why, ''].join('\n');
  const html = htmlPage(
    [`<strong>${escape(alert.message)}</strong>`, `<a href="${escape(page)}">Your membership and receipts</a>`],
    [escape(why)],
  );
  return { to, subject: alert.title.replace(/\s+/g, ' ').trim(), text, html, headers: {} };
}

/** The other side moved on an offer: what they did, and the Offers page to answer or pay. */
function offerEmail(to: string, alert: EmailAlert, site: string): MailMessage {
  const page = `${site}/offers`;
  const why = 'You get this email because of an offer on Garage. Turn offer emails off on your Alerts page.';
  const text = [alert.message, '', `Your offers: ${page}`, '', '--', why, ''].join('\n');
  const html = htmlPage([`<strong>${escape(alert.message)}</strong>`, `<a href="${escape(page)}">Your offers</a>`], [escape(why)]);
  return { to, subject: alert.title.replace(/\s+/g, ' ').trim(), text, html, headers: {} };
}

/**
 * A member wrote to the recipient: a service email like a reservation's, with no unsubscribe. It
 * names the sale, never the text (read in the app, where a scam warning goes with it).
 */
function messageEmail(to: string, alert: EmailAlert, site: string): MailMessage {
  const page = `${site}/messages`;
  const why = 'You get this email because a member wrote to you on Garage (at most one email per conversation an hour).';
  const text = [alert.message, '', `Read and answer: ${page}`, '', '--', why, ''].join('\n');
  const html = htmlPage([`<strong>${escape(alert.message)}</strong>`, `<a href="${escape(page)}">Read and answer</a>`], [escape(why)]);
  return { to, subject: alert.title.replace(/\s+/g, ' ').trim(), text, html, headers: {} };
}

/** One search's part of a digest, with the link that stops that search's emails. */
export interface DigestSection {
  searchName: string;
  unsubscribe: string;
  alerts: EmailAlert[];
}

/** The daily digest: every match of the user's daily searches since the last one, grouped by search. */
export function digestEmail(to: string, sections: DigestSection[], links: EmailLinks): MailMessage {
  const total = sections.reduce((sum, section) => sum + section.alerts.length, 0);
  const subject = `Your Garage daily digest: ${total} new ${total === 1 ? 'match' : 'matches'}`;
  const lines: string[] = [`${total} new ${total === 1 ? 'item matches' : 'items match'} your saved searches.`, ''];
  const paragraphs: string[] = [escape(lines[0]!)];
  for (const section of sections) {
    lines.push(`"${section.searchName}" (${section.alerts.length} new)`);
    const items: string[] = [];
    for (const alert of section.alerts) {
      const page = pageOf(alert, links.site);
      lines.push(`  - ${alert.message}${page ? `\n    ${page}` : ''}`);
      items.push(`<li>${page ? `<a href="${escape(page)}">${escape(alert.message)}</a>` : escape(alert.message)}</li>`);
    }
    lines.push(`  Stop emails for this search: ${section.unsubscribe}`, '');
    paragraphs.push(
      `<strong>"${escape(section.searchName)}"</strong> (${section.alerts.length} new)<ul>${items.join('')}</ul>` +
        `<a href="${escape(section.unsubscribe)}" style="font-size: 12px">Stop emails for this search</a>`,
    );
  }
  const why = 'You get this email because you saved searches on Garage with a daily digest.';
  lines.push('--', why, `Unsubscribe from daily digests: ${links.unsubscribe}`, '');
  const html = htmlPage(paragraphs, [escape(why), `<a href="${escape(links.unsubscribe)}">Unsubscribe from daily digests</a>`]);
  return { to, subject, text: lines.join('\n'), html, headers: unsubscribeHeaders(links.unsubscribe) };
}
