import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@garage/testing';
import { AlertEmailJob } from '../src/email/alert-email.job.js';
import { DigestJob } from '../src/email/digest.job.js';
import { NotificationsHarness, newId } from './harness.js';
import { LocalSmtpServer, type ReceivedMail } from './mail.js';

/**
 * Alert emails end to end, across the two services through the real broker: shopper decides who
 * hears of a match or a followed sale and asks for the notice; notifications, with NOTIFIER=smtp
 * against an SMTP server started here, records it in the bell and sends it: instant emails after
 * the alert commits (once, retried), the daily digest (once a day per user, also with two runs at
 * once), and the one-click unsubscribe link every email carries (which turns the saved search's
 * emails off in shopper).
 */
let h: NotificationsHarness;
let smtp: LocalSmtpServer;
const host = newId();

const mailTo = (userId: number) => smtp.received.filter((mail) => mail.to.includes(`user${userId}@example.com`));
const unsubscribeLink = (mail: ReceivedMail) =>
  /(https:\/\/garage\.test\/api\/saved-searches\/unsubscribe\?token=\S+)/.exec(mail.text)![1]!;
const pathOf = (url: string) => url.replace('https://garage.test', '');

async function member(): Promise<{ id: number; bearer: string }> {
  const id = newId();
  await h.user(id, { premium: true });
  return { id, bearer: await h.bearer(id) };
}

async function savedSearch(bearer: string, body: Record<string, unknown>): Promise<number> {
  return (
    await h
      .shopperApi()
      .post('/api/saved-searches')
      .set('authorization', bearer)
      .send({ name: 'My search', ...body })
      .expect(201)
  ).body.id;
}

async function listed(title: string): Promise<number> {
  const sale = newId();
  await h.sale(sale, host, { title: 'Corner sale' });
  const item = newId();
  await h.item(item, host, sale, { title, price: 40 });
  return item;
}

/** Shopper heard of the unsubscribe (`notice.unsubscribed`): the saved search reads "emails off". */
const emailsOff = (bearer: string, search: number) =>
  waitFor(
    async () => (await h.shopperApi().get(`/api/saved-searches/${search}`).set('authorization', bearer)).body.emailEnabled === false,
    5000,
    'the saved search with its emails off',
  );

/** Runs the digest at a wall-clock hour in New York on a given day (DIGEST_HOUR is 8 there). */
const digestAt = (isoInNewYork: string) => h.service.app.get(DigestJob).run(new Date(isoInNewYork));

beforeAll(async () => {
  smtp = await LocalSmtpServer.start();
  h = await NotificationsHarness.launch(
    {
      NOTIFIER: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'Garage <alerts@garage.test>',
      ALERT_EMAIL_POLL_MS: '200',
      DIGEST_POLL_MS: '3600000',
      DIGEST_HOUR: '8',
      DIGEST_TIME_ZONE: 'America/New_York',
    },
    { withShopper: true },
  );
  await h.user(host);
});

afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

describe('instant alert emails', () => {
  it('emails a match once, with the item link and a one-click unsubscribe link, and records emailed_at', async () => {
    const { id, bearer } = await member();
    await savedSearch(bearer, { name: 'Lamps', q: 'lamp' });
    const item = await listed('Brass lamp');
    const [mail] = await waitFor(() => (mailTo(id).length ? mailTo(id) : undefined), 5000, 'the match email');
    expect(mail).toMatchObject({ from: 'alerts@garage.test', subject: 'New match for "Lamps": Brass lamp' });
    expect(mail!.text).toContain('A new item matches your saved search "Lamps":');
    expect(mail!.text).toContain('Brass lamp for $40.00 at Corner sale, Springfield, IL');
    expect(mail!.text).toContain(`See the item: https://garage.test/items/${item}`);
    expect(mail!.html).toContain(`href="https://garage.test/items/${item}"`);
    expect(mail!.headers['list-unsubscribe']).toBe(`<${unsubscribeLink(mail!)}>`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Recorded right after the server accepted it.
    const alert = await waitFor(async () => {
      const [row] = await h.query(`SELECT email_status, emailed_at, email_attempts FROM alerts WHERE user_id = $1`, [id]);
      return row?.email_status === 'sent' ? row : undefined;
    });
    expect(alert).toMatchObject({ emailed_at: expect.any(Date), email_attempts: 1 });

    // Another pass (another replica, a restart) sends nothing more.
    expect(await h.service.app.get(AlertEmailJob).sendDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mailTo(id)).toHaveLength(1);
  });

  it('retries a send the server refused, with back-off, and sends it once it is accepted', async () => {
    const { id, bearer } = await member();
    await savedSearch(bearer, { q: 'canoe' });
    smtp.refuseNext(1);
    await listed('Canoe');
    const failed = await waitFor(async () => {
      const [row] = await h.query(
        `SELECT email_status, email_attempts, email_error, email_next_at > now() AS later FROM alerts WHERE user_id = $1`,
        [id],
      );
      return row?.email_attempts === 1 && row.email_error ? row : undefined;
    });
    expect(failed).toMatchObject({ email_status: 'pending', later: true, email_error: expect.stringMatching(/Try again later/) });
    expect(mailTo(id)).toHaveLength(0);
    // The back-off is 30 s; bring the retry forward instead of waiting.
    await h.query(`UPDATE alerts SET email_next_at = now() WHERE user_id = $1`, [id]);
    await waitFor(() => mailTo(id).length === 1, 5000, 'the retried email');
    const row = await waitFor(async () => {
      const [alert] = await h.query(`SELECT email_status, email_attempts, email_error FROM alerts WHERE user_id = $1`, [id]);
      return alert?.email_status === 'sent' ? alert : undefined;
    });
    expect(row).toEqual({ email_status: 'sent', email_attempts: 2, email_error: null });
  });

  it("keeps the alert in the app without an email when the user's address is unknown", async () => {
    const id = newId();
    await h.user(id, { premium: true, email: null });
    await h.query(`UPDATE users SET email = NULL WHERE id = $1`, [id]);
    // Created straight in shopper's table, as a search saved before the address was known.
    await h.shopperQuery(
      `INSERT INTO saved_searches (user_id, name, q, query, lexemes, words_required, frequency)
       SELECT $1, 'Kayaks', 'kayak', q, query_lexemes(q), true, 'instant' FROM websearch_to_tsquery('english', 'kayak') q`,
      [id],
    );
    await listed('Kayak');
    const row = await waitFor(async () => {
      const [alert] = await h.query(`SELECT email_status, email_error FROM alerts WHERE user_id = $1`, [id]);
      return alert?.email_status === 'none' ? alert : undefined;
    });
    expect(row.email_error).toMatch(/No email address/);
  });

  it('emails followers when a sale they saved is cancelled, with its own unsubscribe link', async () => {
    const fan = newId();
    await h.user(fan);
    const sale = await h.sale(newId(), host, { title: 'Estate sale' });
    await h.follow(fan, sale.id);
    await h.publishAndApply('sale.updated', 2, { ...sale, status: 'cancelled' });
    const [mail] = await waitFor(() => (mailTo(fan).length ? mailTo(fan) : undefined), 5000, 'the cancellation email');
    expect(mail!.subject).toBe('Cancelled: Estate sale');
    expect(mail!.text).toContain('The garage sale "Estate sale" in Springfield, IL has been cancelled by its host.');
    expect(mail!.text).toContain(`See the sale: https://garage.test/sales/${sale.id}`);
    expect(mail!.text).toContain('Stop emails about sales you follow: https://garage.test/api/saved-searches/unsubscribe?token=u.');

    // The mail client's one-click unsubscribe (RFC 8058): a form POST to the link.
    const oneClick = await h
      .api()
      .post(pathOf(unsubscribeLink(mail!)))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(oneClick.body).toEqual({ unsubscribed: true, what: expect.stringContaining('sales you saved or planned') });
    expect(
      (
        await h
          .api()
          .get('/api/alerts/settings')
          .set('authorization', await h.bearer(fan))
          .expect(200)
      ).body,
    ).toEqual({ saleUpdateEmails: false, dropOutEmails: false, offerEmails: true });

    await h.publishAndApply('sale.updated', 3, { ...sale, status: 'cancelled', end_date: '2099-05-04' });
    await h.publishAndApply('sale.deleted', 4, { id: sale.id, user_id: host });
    const kinds = (await h.alertsOf(fan, 2)).map(({ kind, email_status }) => ({ kind, email_status }));
    expect(kinds).toEqual([
      { kind: 'sale_cancelled', email_status: 'sent' },
      { kind: 'sale_deleted', email_status: 'none' },
    ]);
    // And back on from the settings.
    await h
      .api()
      .put('/api/alerts/settings')
      .set('authorization', await h.bearer(fan))
      .send({ saleUpdateEmails: true })
      .expect(200, { saleUpdateEmails: true, dropOutEmails: false, offerEmails: true });
  });
});

describe('one-click unsubscribe', () => {
  it("stops a saved search's emails from the email link (a small HTML page), keeps its alerts in the app", async () => {
    const { id, bearer } = await member();
    const search = await savedSearch(bearer, { name: 'Bikes', q: 'bicycle' });
    await listed('Road bicycle');
    const [mail] = await waitFor(() => (mailTo(id).length ? mailTo(id) : undefined), 5000, 'the match email');
    const page = await h
      .api()
      .get(pathOf(unsubscribeLink(mail!)))
      .expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('You are unsubscribed');
    expect(page.text).toContain('emails for your saved search &quot;Bikes&quot;');
    // Clicking again answers the same; JSON for a client that asks for it.
    const again = await h
      .api()
      .get(pathOf(unsubscribeLink(mail!)))
      .set('accept', 'application/json')
      .expect(200);
    expect(again.body).toEqual({ unsubscribed: true, what: 'emails for your saved search "Bikes"' });
    await emailsOff(bearer, search);

    await listed('Kids bicycle');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mailTo(id)).toHaveLength(1);
    expect((await h.alertsOf(id, 2)).map((row) => row.email_status)).toEqual(['sent', 'none']);
  });

  it('refuses a forged or broken link with 400 (JSON), and needs a token', async () => {
    const { bearer } = await member();
    const search = await savedSearch(bearer, { q: 'piano' });
    const forged = await h
      .api()
      .get(`/api/saved-searches/unsubscribe?token=s.${search}.${'A'.repeat(43)}`)
      .expect(400);
    expect(forged.body).toEqual({
      error: 'This unsubscribe link is not valid',
      details: [{ field: 'token', message: 'Invalid unsubscribe token' }],
    });
    await h.api().get('/api/saved-searches/unsubscribe').expect(400);
    await h.api().post('/api/saved-searches/unsubscribe?token=nonsense').expect(400);
    expect((await h.shopperApi().get(`/api/saved-searches/${search}`).set('authorization', bearer)).body.emailEnabled).toBe(true);
  });
});

describe('daily digest', () => {
  it('collects the matches of daily searches into one email a day per user, from 8:00 in the digest zone', async () => {
    const { id, bearer } = await member();
    await savedSearch(bearer, { name: 'Chairs', q: 'chair', frequency: 'daily' });
    await savedSearch(bearer, { name: 'Desks', q: 'desk', frequency: 'daily' });
    await listed('Rocking chair');
    await listed('Oak desk');
    await listed('Desk chair');
    await h.alertsOf(id, 4);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mailTo(id)).toHaveLength(0);
    expect((await h.query(`SELECT DISTINCT email_status FROM alerts WHERE user_id = $1`, [id])).map((row) => row.email_status)).toEqual([
      'digest',
    ]);

    // 07:59 in New York (EDT, UTC−4): not yet.
    expect(await digestAt('2099-07-01T11:59:00Z')).toBe(0);
    // 08:00: the digest, once, even with two runs at once (two replicas).
    const [first, second] = await Promise.all([digestAt('2099-07-01T12:00:00Z'), digestAt('2099-07-01T12:00:00Z')]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    const mine = mailTo(id);
    expect(mine).toHaveLength(1);
    const [mail] = mine;
    expect(mail!.subject).toBe('Your Garage daily digest: 4 new matches');
    expect(mail!.text).toContain('"Chairs" (2 new)');
    expect(mail!.text).toContain('"Desks" (2 new)');
    expect(mail!.text).toContain('Rocking chair for $40.00');
    expect(
      mail!.text.match(/Stop emails for this search: https:\/\/garage\.test\/api\/saved-searches\/unsubscribe\?token=s\./g),
    ).toHaveLength(2);
    expect(mail!.headers['list-unsubscribe']).toMatch(/token=d\./);

    // Later the same day: new matches wait for tomorrow.
    await listed('Folding chair');
    await h.alertsOf(id, 5);
    expect(await digestAt('2099-07-01T20:00:00Z')).toBe(0);
    expect(mailTo(id)).toHaveLength(1);
    await digestAt('2099-07-02T12:30:00Z');
    expect(mailTo(id)).toHaveLength(2);
    expect(mailTo(id)[1]!.subject).toBe('Your Garage daily digest: 1 new match');
    expect(await digestAt('2099-07-02T13:00:00Z')).toBe(0);
  });

  it('unsubscribes from every daily digest with the digest link', async () => {
    const { id, bearer } = await member();
    const search = await savedSearch(bearer, { name: 'Rugs', q: 'rug', frequency: 'daily' });
    await listed('Persian rug');
    await h.alertsOf(id, 1);
    await digestAt('2099-08-01T12:00:00Z');
    const [mail] = mailTo(id);
    const link = /<(https:[^>]+)>/.exec(mail!.headers['list-unsubscribe']!)![1]!;
    await h.api().get(pathOf(link)).expect(200);
    await emailsOff(bearer, search);
    await listed('Wool rug');
    await h.alertsOf(id, 2);
    expect(await digestAt('2099-08-02T12:00:00Z')).toBe(0);
    expect(mailTo(id)).toHaveLength(1);
  });
});
