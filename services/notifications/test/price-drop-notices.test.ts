import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '@garage/testing';
import { NotificationsHarness, newId } from './harness.js';

/**
 * A lowered price (`price_drop`, from shopper): one alert per member and drop, linked to the item;
 * emailed unless the member turned off emails about sales they follow.
 */
let h: NotificationsHarness;
const [shopper, quiet] = [newId(), newId()];
const [saleId, itemId] = [newId(), newId()];

beforeAll(async () => {
  h = await NotificationsHarness.launch({ ALERT_EMAIL_POLL_MS: '200' });
  for (const id of [shopper, quiet]) await h.user(id);
  await h
    .api()
    .put('/api/alerts/settings')
    .set('authorization', await h.bearer(quiet))
    .send({ saleUpdateEmails: false })
    .expect(200);
});

afterAll(async () => {
  await h?.close();
});

describe('price-drop notices', () => {
  it('keeps one alert per drop, linked to the item, emailed only to those who want sale emails', async () => {
    const notice = {
      kind: 'price_drop' as const,
      key: `item:${itemId}:price:3000`,
      title: 'Price drop: Brass lamp',
      message: '"Brass lamp" at "Maple Street Sale" is now $30.00 (was $40.00).',
      itemId,
      saleId,
      data: { priceCents: 3000, previousPriceCents: 4000 },
    };
    for (const userId of [shopper, quiet]) {
      await h.notice({ userId, ...notice });
      await h.notice({ userId, ...notice }); // told again of the same drop: kept once
    }
    for (const userId of [shopper, quiet]) {
      const alerts = await h.listedAlerts(userId);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ kind: 'price_drop', title: 'Price drop: Brass lamp', link: `/items/${itemId}`, itemId });
    }
    const [mail] = await waitFor(() => (h.mailTo(shopper).length ? h.mailTo(shopper) : undefined), 5000, 'the price-drop email');
    expect(mail!.subject).toBe('Price drop: Brass lamp');
    expect(mail!.text).toContain(`See the item: https://garage.test/items/${itemId}`);
    expect(mail!.text).toContain('you saved this item or its garage sale');
    await sleep(500);
    expect(h.mailTo(shopper)).toHaveLength(1);
    expect(h.mailTo(quiet)).toEqual([]);
  });

  it('keeps one alert per member and markdown, linked to the sale', async () => {
    const markdownId = newId();
    const notice = {
      kind: 'price_drop' as const,
      key: `markdown:${markdownId}`,
      title: 'Markdown: Maple Street Sale',
      message: 'Everything not reserved or sold at "Maple Street Sale" is now half price.',
      itemId: null,
      saleId,
      data: { markdownId, percentOff: 50, startsAt: '2099-05-03T13:00' },
    };
    const before = h.mailTo(shopper).length;
    await h.notice({ userId: shopper, ...notice });
    await h.notice({ userId: shopper, ...notice }); // asked twice: kept once
    const alerts = (await h.listedAlerts(shopper)).filter((alert) => alert.title === notice.title);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'price_drop', link: `/sales/${saleId}`, itemId: null, saleId });
    const byTitle = () => h.mailTo(shopper).filter((mail) => mail.subject === notice.title);
    const [mail] = await waitFor(() => (byTitle().length ? byTitle() : undefined), 5000, 'the markdown email');
    expect(mail!.text).toContain(`See the sale: https://garage.test/sales/${saleId}`);
    expect(mail!.text).toContain('you saved this garage sale or one of its items');
    await sleep(500);
    expect(byTitle()).toHaveLength(1);
    expect(h.mailTo(shopper)).toHaveLength(before + 1);
  });
});
