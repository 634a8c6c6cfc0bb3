import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '@garage/testing';
import { NotificationsHarness, newId } from './harness.js';

/**
 * A sale that dropped out of today's plans (`sale_dropped_out`) and a host asked whether the sale
 * is still going (`sale_likely_over`): one alert per key, linked to the sale; the drop-out emailed
 * unless the member turned off emails about sales they follow, the host's question in the app only.
 */
let h: NotificationsHarness;
const [shopper, quiet, host] = [newId(), newId(), newId()];
const saleId = newId();

beforeAll(async () => {
  h = await NotificationsHarness.launch({ ALERT_EMAIL_POLL_MS: '200' });
  for (const id of [shopper, quiet, host]) await h.user(id);
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

describe('drop-out and likely-over notices', () => {
  it('keeps one drop-out alert per sale and day, linked to the sale, emailed only to those who want sale emails', async () => {
    const notice = {
      kind: 'sale_dropped_out' as const,
      key: `sale:${saleId}:dropped:2099-05-02`,
      title: 'Closed early: Porch sale',
      message: 'The host of "Porch sale" in Springfield, IL closed it early today.',
      saleId,
      data: { cause: 'closed_early', date: '2099-05-02' },
    };
    for (const userId of [shopper, quiet]) {
      await h.notice({ userId, ...notice });
      await h.notice({ userId, ...notice, title: 'Likely over: Porch sale' });
    }
    for (const userId of [shopper, quiet]) {
      const alerts = await h.listedAlerts(userId);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ kind: 'sale_dropped_out', title: 'Closed early: Porch sale', link: `/sales/${saleId}`, saleId });
    }
    const [mail] = await waitFor(() => (h.mailTo(shopper).length ? h.mailTo(shopper) : undefined), 5000, 'the drop-out email');
    expect(mail!.subject).toBe('Closed early: Porch sale');
    expect(mail!.text).toContain(`See the sale: https://garage.test/sales/${saleId}`);
    expect(mail!.text).toContain('put it in a route plan or follow its community sale');
    await sleep(500);
    expect(h.mailTo(shopper)).toHaveLength(1);
    expect(h.mailTo(quiet)).toEqual([]);
  });

  it('asks the host in the app only, linking to the sale', async () => {
    await h.notice({
      userId: host,
      kind: 'sale_likely_over',
      key: `sale:${saleId}:likely-over:2099-05-02T15:00:00.000Z`,
      title: 'Is "Porch sale" still going?',
      saleId,
      delivery: 'in_app',
    });
    expect(await h.listedAlerts(host)).toEqual([expect.objectContaining({ kind: 'sale_likely_over', link: `/sales/${saleId}` })]);
    await sleep(500);
    expect(h.mailTo(host)).toEqual([]);
  });
});
