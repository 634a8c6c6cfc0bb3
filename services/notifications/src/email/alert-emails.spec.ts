import { describe, expect, it } from '@jest/globals';
import { alertEmail, digestEmail, type EmailAlert } from './alert-emails.js';

const links = { site: 'https://garage.test', unsubscribe: 'https://garage.test/api/saved-searches/unsubscribe?token=s.1.x' };
const match: EmailAlert = {
  id: 1,
  kind: 'match',
  title: 'New match for "Lamps": <b>Brass</b>\r\nBcc: victim@example.com',
  message: 'Brass <lamp> for $5.00 at Sale, Springfield, IL',
  itemId: 7,
  saleId: 3,
  searchName: 'Lamps & more',
};

describe('alert emails', () => {
  it('keeps typed text out of the headers and escapes it in the HTML', () => {
    const mail = alertEmail('ada@example.com', match, links);
    expect(mail.subject).toBe('New match for "Lamps": <b>Brass</b> Bcc: victim@example.com');
    expect(mail.html).toContain('Brass &lt;lamp&gt; for $5.00');
    expect(mail.html).toContain('&quot;Lamps &amp; more&quot;');
    expect(mail.html).not.toContain('<lamp>');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('links a match to its item, a change to its sale, and a deleted sale to nothing', () => {
    expect(alertEmail('a@b.c', match, links).text).toContain('See the item: https://garage.test/items/7');
    const changed = alertEmail('a@b.c', { ...match, kind: 'sale_changed', itemId: null }, links);
    expect(changed.text).toContain('See the sale: https://garage.test/sales/3');
    expect(changed.text).toContain(`Stop emails about sales you follow: ${links.unsubscribe}`);
    const deleted = alertEmail('a@b.c', { ...match, kind: 'sale_deleted', itemId: null }, links);
    expect(deleted.text).not.toContain('https://garage.test/sales/');
  });

  it('groups a digest by search, each with its own stop link', () => {
    const mail = digestEmail(
      'a@b.c',
      [
        { searchName: 'Lamps', unsubscribe: 'https://garage.test/u?token=s.1', alerts: [match, { ...match, id: 2, itemId: 8 }] },
        { searchName: 'Desks', unsubscribe: 'https://garage.test/u?token=s.2', alerts: [{ ...match, id: 3, itemId: 9 }] },
      ],
      links,
    );
    expect(mail.subject).toBe('Your Garage daily digest: 3 new matches');
    expect(mail.text).toContain('"Lamps" (2 new)');
    expect(mail.text).toContain('  Stop emails for this search: https://garage.test/u?token=s.2');
    expect(mail.text).toContain('https://garage.test/items/9');
    expect(mail.text).toContain(`Unsubscribe from daily digests: ${links.unsubscribe}`);
  });
});
