import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '@garage/testing';
import { NotificationsHarness, newId } from './harness.js';

/**
 * A sale that dropped out of today's plans (`sale_dropped_out`) and a host asked whether the sale
 * is still going (`sale_likely_over`): one alert per key, linked to the sale, in the bell for
 * everyone; the drop-out emailed only to members who asked for drop-out emails (`dropOutEmails`,
 * off by default, whatever `saleUpdateEmails` says), and its unsubscribe link turns that off. The
 * host's question is in the app only.
 */
let h: NotificationsHarness;
const [shopper, quiet, host, asked, askedQuiet] = [newId(), newId(), newId(), newId(), newId()];
const saleId = newId();

const settings = async (userId: number, body?: Record<string, boolean>) => {
  const call = body ? h.api().put('/api/alerts/settings').send(body) : h.api().get('/api/alerts/settings');
  return (await call.set('authorization', await h.bearer(userId)).expect(200)).body;
};

const dropOut = (date: string) => ({
  kind: 'sale_dropped_out' as const,
  key: `sale:${saleId}:dropped:${date}`,
  title: 'Closed early: Porch sale',
  message: 'The host of "Porch sale" in Springfield, IL closed it early today.',
  saleId,
  data: { cause: 'closed_early', date },
});

beforeAll(async () => {
  h = await NotificationsHarness.launch({ ALERT_EMAIL_POLL_MS: '200' });
  for (const id of [shopper, quiet, host, asked, askedQuiet]) await h.user(id);
  await settings(quiet, { saleUpdateEmails: false });
  // Turning one setting on leaves the other as it was.
  expect(await settings(asked, { dropOutEmails: true, offerEmails: true })).toEqual({
    saleUpdateEmails: true,
    dropOutEmails: true,
    offerEmails: true,
  });
  expect(await settings(askedQuiet, { saleUpdateEmails: false, dropOutEmails: true })).toEqual({
    saleUpdateEmails: false,
    dropOutEmails: true,
    offerEmails: true,
  });
});

afterAll(async () => {
  await h?.close();
});

describe('drop-out and likely-over notices', () => {
  it('has drop-out emails off for a member who never chose', async () => {
    expect(await settings(shopper)).toEqual({ saleUpdateEmails: true, dropOutEmails: false, offerEmails: true });
  });

  it('keeps one drop-out alert per sale and day in every bell, emailed only to members who asked for drop-out emails', async () => {
    const notice = dropOut('2099-05-02');
    for (const userId of [shopper, quiet, asked, askedQuiet]) {
      await h.notice({ userId, ...notice });
      await h.notice({ userId, ...notice, title: 'Likely over: Porch sale' });
    }
    for (const userId of [shopper, quiet, asked, askedQuiet]) {
      const alerts = await h.listedAlerts(userId);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ kind: 'sale_dropped_out', title: 'Closed early: Porch sale', link: `/sales/${saleId}`, saleId });
    }
    const [mail] = await waitFor(() => (h.mailTo(asked).length ? h.mailTo(asked) : undefined), 5000, 'the drop-out email');
    expect(mail!.subject).toBe('Closed early: Porch sale');
    expect(mail!.text).toContain(`See the sale: https://garage.test/sales/${saleId}`);
    expect(mail!.text).toContain('you asked Garage to email you when a sale you saved, planned or follow drops out of the day');
    expect(mail!.text).toContain(
      'Stop emails when a sale drops out of your day: https://garage.test/api/saved-searches/unsubscribe?token=o.',
    );
    await waitFor(() => (h.mailTo(askedQuiet).length ? true : undefined), 5000, 'the drop-out email of a member with sale emails off');
    await sleep(500);
    expect(h.mailTo(asked)).toHaveLength(1);
    expect(h.mailTo(askedQuiet)).toHaveLength(1);
    // Never asked (sale emails on or off): the bell only.
    expect(h.mailTo(shopper)).toEqual([]);
    expect(h.mailTo(quiet)).toEqual([]);
    expect((await h.alertsOf(shopper, 1)).map((row) => row.email_status)).toEqual(['none']);
  });

  it("turns drop-out emails off from the email's unsubscribe link, the other setting as it was, the bell still told", async () => {
    const [mail] = h.mailTo(asked);
    const link = /(https:\/\/garage\.test\/api\/saved-searches\/unsubscribe\?token=\S+)/.exec(mail!.text)![1]!;
    const answer = await h.api().post(link.replace('https://garage.test', '')).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(answer.body).toEqual({ unsubscribed: true, what: expect.stringContaining('closes early') });
    expect(await settings(asked)).toEqual({ saleUpdateEmails: true, dropOutEmails: false, offerEmails: true });

    await h.notice({ userId: asked, ...dropOut('2099-05-03') });
    await waitFor(async () => ((await h.listedAlerts(asked)).length === 2 ? true : undefined), 5000, 'the second drop-out in the bell');
    await sleep(500);
    expect(h.mailTo(asked)).toHaveLength(1);

    // And on again from the settings: the next drop-out is emailed.
    await settings(asked, { dropOutEmails: true, offerEmails: true });
    await h.notice({ userId: asked, ...dropOut('2099-05-04') });
    await waitFor(() => (h.mailTo(asked).length === 2 ? true : undefined), 5000, 'the drop-out email after opting in again');
  });

  it('refuses settings that are not true or false, or none at all, with 400 naming the field', async () => {
    const bearer = await h.bearer(shopper);
    const wrong = await h.api().put('/api/alerts/settings').set('authorization', bearer).send({ dropOutEmails: 'yes' }).expect(400);
    expect(wrong.body.details).toEqual([{ field: 'dropOutEmails', message: 'dropOutEmails must be true or false' }]);
    const none = await h.api().put('/api/alerts/settings').set('authorization', bearer).send({}).expect(400);
    expect(none.body.details).toEqual([{ field: 'body', message: 'Give saleUpdateEmails, dropOutEmails or offerEmails' }]);
    expect(await settings(shopper)).toEqual({ saleUpdateEmails: true, dropOutEmails: false, offerEmails: true });
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
